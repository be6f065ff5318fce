// No 'server-only' import: the landing page's getStaticProps (src/pages, where that marker is
// refused) reads through this module. The lint layering keeps it out of browser code.

import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { startBackgroundWork } from './lifecycle'

/**
 * The Payload Local API of this process (initialised once, then shared). Inside the Next.js
 * server it also starts the job runner (src/server/jobs/runner.ts) that sends queued emails.
 */
export async function payloadClient(): Promise<Payload> {
  const payload = await getPayload({ config })
  if (process.env.NEXT_RUNTIME === 'nodejs') startBackgroundWork(payload)
  return payload
}
