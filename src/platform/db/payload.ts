// No 'server-only' import: the landing page's getStaticProps (src/pages, where that marker is
// refused) reads through this module. The lint layering keeps it out of browser code.

import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

/**
 * The Payload Local API of this process (initialised once, then shared). Getting it starts nothing
 * else: the server's background work is started by its instrumentation hook (src/instrumentation.ts).
 */
export async function payloadClient(): Promise<Payload> {
  return getPayload({ config })
}
