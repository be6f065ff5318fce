/**
 * A Local API script, run outside any Next server: renames the band through Payload directly.
 *   node --import tsx tests/helpers/renameBand.ts "New name"    (DATABASE_URL, REDIS_URL, PAYLOAD_SECRET set)
 */
import { getPayload } from 'payload'

import config from '../../src/payload.config'

const name = process.argv[2]
if (!name) throw new Error('usage: renameBand.ts NAME')
const payload = await getPayload({ config })
try {
  await payload.updateGlobal({ slug: 'band-profile', data: { name }, overrideAccess: true })
} finally {
  await payload.destroy()
}
process.exit(0)
