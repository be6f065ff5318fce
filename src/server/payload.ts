import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

/**
 * The Payload Local API of this process (initialised once, then shared). `cron: true` starts the
 * job runner that sends queued emails from this process.
 */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config, cron: true })
}
