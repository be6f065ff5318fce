import config from '@payload-config'
import { getPayload, type Payload } from 'payload'

/**
 * The Payload Local API of this process (initialised once, then shared). Queued jobs are run by
 * the server's own runner (src/server/jobs/runner.ts), started when the server starts.
 */
export function payloadClient(): Promise<Payload> {
  return getPayload({ config })
}
