/** Applies the committed migrations, creates the OWNER_EMAIL owner, and seeds demo content once. */
import { getPayload } from 'payload'

import { migrations } from '../src/migrations'
import config from '../src/payload.config'
import { bootstrapOwner } from '../src/server/bootstrapOwner'
import { seedDemoContent } from '../src/server/seed'

const payload = await getPayload({ config })
try {
  await payload.db.migrate({ migrations: migrations as never })
  if (await bootstrapOwner(payload)) console.log(`Created the owner account ${process.env.OWNER_EMAIL}.`)
  if (!['false', '0'].includes(process.env.SEED_DEMO ?? '') && (await seedDemoContent(payload))) console.log('Seeded demo content.')
} finally {
  await payload.destroy()
}
process.exit(0)
