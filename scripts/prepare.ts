/**
 * Applies the committed migrations, creates the OWNER_EMAIL owner, and seeds demo content once.
 * Instances starting together on one database take turns (a PostgreSQL advisory lock), so the
 * migrations and the seed run once.
 */
import { getPayload } from 'payload'

import { migrations } from '../src/migrations'
import config from '../src/payload.config'
import { bootstrapOwner } from '../src/modules/team/server/bootstrapOwner'
import { PREPARE_LOCK, withAdvisoryLock } from '../src/platform/jobs/advisoryLock'
import { CACHE_TAGS } from '../src/platform/cache/cacheTags'
import { revalidatePublic } from '../src/platform/cache/revalidate'
import { seedDemoContent } from '../src/modules/content/server/seed'

const payload = await getPayload({ config })
try {
  await withAdvisoryLock(
    payload,
    PREPARE_LOCK,
    async () => {
      await payload.db.migrate({ migrations: migrations as never })
      if (await bootstrapOwner(payload)) console.log(`Created the owner account ${process.env.OWNER_EMAIL}.`)
      if (!['false', '0'].includes(process.env.SEED_DEMO ?? '') && (await seedDemoContent(payload))) {
        console.log('Seeded demo content.')
        // The seed writes without per-document invalidation; pages a shared cache may hold go at once.
        await revalidatePublic(...Object.values(CACHE_TAGS))
      }
    },
    { wait: true },
  )
} finally {
  await payload.destroy()
}
process.exit(0)
