import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

/** The Payload Local API of this process (initialised once, then shared). */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config })
}
