import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Db } from '../../helpers/checkout'
import { runScript, type CliResult } from '../../helpers/cli'
import {
  addProduct,
  emptySiteEnv,
  placeOrder,
  populate,
  siteViews,
  startSite,
  type BackupSite,
} from '../../helpers/backupSite'
import { startS3, type TestS3 } from '../../helpers/s3'

/**
 * `npm run backup` and `npm run restore` as an operator runs them: a site with orders, subscribers,
 * a merch table sale, team members and an uploaded photo is backed up while it runs, restored into
 * a new database and new storage, and the restored site is the same site.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-backups-'))
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  fs.rmSync(tmp, { recursive: true, force: true })
})

const backup = (env: Record<string, string>, file: string) => runScript('backup', [file], env)
const restore = (env: Record<string, string>, file: string) => runScript('restore', [file], env)
const ok = (result: CliResult) => expect(result.code, result.stdout + result.stderr).toBe(0)

/** The site's content file (`npm run content -- export --include-subscribers`), without its export time. */
async function contentExport(env: Record<string, string>, name: string) {
  const file = path.join(tmp, name)
  ok(await runScript('content', ['export', file, '--include-subscribers'], env))
  const { exportedAt: _t, ...content } = JSON.parse(fs.readFileSync(file, 'utf8'))
  return content
}

describe.each(['local disk', 'S3'])('with files on %s', (storage) => {
  let original: BackupSite
  let views: Awaited<ReturnType<typeof siteViews>>
  let made: Awaited<ReturnType<typeof populate>>
  let buckets: TestS3 | undefined
  const file = path.join(tmp, `${storage === 'S3' ? 's3' : 'local'}.tar.gz`)

  beforeAll(async () => {
    if (storage === 'S3') {
      buckets = await startS3()
      cleanups.push(() => buckets!.stop())
    }
    original = await startSite(await emptySiteEnv(buckets?.env))
    cleanups.push(() => original.discard())
    made = await populate(original)
    views = await siteViews(original, made.showId, made.imagePath)
  }, 240_000)

  it('restores into a new database and new storage as the same site', async () => {
    const backedUp = await backup(original.env, file)
    ok(backedUp)
    expect(backedUp.stdout).toMatch(/^Backed up \d+ rows in \d+ tables and [1-9]\d* files/m)

    // A new, empty bucket on another S3 server, or a new data directory.
    const target = storage === 'S3' ? await startS3('restored-uploads') : undefined
    if (target) cleanups.push(() => target.stop())
    const env = await emptySiteEnv(target?.env)
    const restored = await restore(env, file)
    ok(restored)
    expect(restored.stdout).toMatch(/^Restored the backup of /m)

    expect(await contentExport(env, `${storage}-restored.json`)).toEqual(
      await contentExport(original.env, `${storage}-original.json`),
    )
    // The owner signs in with their password on the restored site, which shows the same data.
    const site = await startSite(env)
    cleanups.push(() => site.discard())
    const after = await siteViews(site, made.showId, made.imagePath)
    expect(after.orders.split('\n').length).toBeGreaterThan(6)
    expect(after).toEqual(views)
    expect(after.image.equals(made.png)).toBe(true)
  }, 600_000)

  it('refuses to restore into a database that has data, and changes nothing', async () => {
    const db = new Db(original.env.DATABASE_URL)
    const count = async () => (await db.query('SELECT count(*)::int AS n FROM orders'))[0].n as number
    const before = await count()
    const refused = await restore(original.env, file)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/The database already has data .* nothing was changed\./)
    expect(await count()).toBe(before)
    await db.end()
  }, 120_000)
})

describe('a backup taken while orders are placed', () => {
  it('holds each order it has with all its items', async () => {
    const site = await startSite(await emptySiteEnv())
    cleanups.push(() => site.discard())
    const tee = await addProduct(site.owner)
    const db = new Db(site.env.DATABASE_URL)
    cleanups.push(() => db.end())
    const orders = async (d: Db) => (await d.query('SELECT count(*)::int AS n FROM orders'))[0].n as number

    let placing = true
    let n = 0
    const writer = (async () => {
      while (placing) await placeOrder(site, tee, n++)
    })()
    while ((await orders(db)) < 3) await new Promise((r) => setTimeout(r, 50))
    const before = await orders(db)
    const file = path.join(tmp, 'busy.tar.gz')
    const backedUp = await backup(site.env, file)
    const after = await orders(db)
    placing = false
    await writer
    ok(backedUp)

    const env = await emptySiteEnv()
    ok(await restore(env, file))
    const copy = new Db(env.DATABASE_URL)
    cleanups.push(() => copy.end())
    const restored = await orders(copy)
    // Orders were placed while the backup ran, and the backup holds a moment in between.
    expect(after).toBeGreaterThan(before)
    expect(restored).toBeGreaterThanOrEqual(before)
    expect(restored).toBeLessThanOrEqual(after)
    const incomplete = await copy.query(
      `SELECT o.id FROM orders o LEFT JOIN order_items i ON i.order_id_id = o.id
        GROUP BY o.id HAVING count(i.id) <> 2`,
    )
    expect(incomplete).toEqual([])
  }, 300_000)
})
