// No 'server-only' import: the landing page's getStaticProps (src/pages, where that marker is
// refused) reads through this module. The lint layering keeps it out of browser code.

import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

import { backgroundWork } from '@/background'
import { startBackgroundWork } from '@/platform/runtime/lifecycle'

/**
 * The Payload Local API of this process (initialised once, then shared). Inside the Next.js server
 * it also starts the background work (src/background.ts) once, in the routes' own code, so every
 * hook and error class that work meets is the one the routes recognise.
 */
export async function payloadClient(): Promise<Payload> {
  const payload = await getPayload({ config })
  if (process.env.NEXT_RUNTIME === 'nodejs') startBackgroundWork(payload, backgroundWork)
  return payload
}
