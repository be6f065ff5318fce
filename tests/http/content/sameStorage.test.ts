import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { addProduct, emptySiteEnv, startSite, type BackupSite } from '../../helpers/backupSite'
import { Db } from '../../helpers/checkout'
import { runScript, type CliResult } from '../../helpers/cli'
import { createTestDatabase } from '../../helpers/db'
import { S3_KEY, startS3, type TestS3 } from '../../helpers/s3'
import { uploadImage } from '../../helpers/uploads'

/**
 * A site restored from its content file onto its own storage: `npm run content -- import` into a
 * new, empty database that keeps the data directory (or the bucket) of the site the file came
 * from. The media files are named by their SHA-256, so the import files each one under the name
 * storage already holds it by, and the products keep their images.
 */

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bandsite-same-storage-'))
const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  fs.rmSync(tmp, { recursive: true, force: true })
})

const ok = (result: CliResult) => expect(result.code, result.stdout + result.stderr).toBe(0)
const content = (env: Record<string, string>, ...args: string[]) => runScript('content', args, env)

/** Every file the site keeps under `media/`, on disk or in the bucket, by name. */
async function storedMedia(env: Record<string, string>, s3: TestS3 | undefined): Promise<string[]> {
  if (!s3) return fs.readdirSync(path.join(env.DATA_DIR, 'uploads', 'media')).sort()
  const client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_KEY,
  })
  const list = new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'media/' })
  // Sent to `/<bucket>` rather than the SDK's `/<bucket>/`, which the test server signs differently.
  list.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string }
      if (request.path?.endsWith('/')) request.path = request.path.slice(0, -1)
      return next(args)
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  )
  const listed = await client.send(list)
  client.destroy()
  return (listed.Contents ?? []).map((o) => o.Key!.slice('media/'.length)).sort()
}

/** The content file of the site of `env`, without its export time, and what the export printed. */
async function exported(env: Record<string, string>, name: string) {
  const file = path.join(tmp, name)
  const result = await content(env, 'export', file)
  ok(result)
  const { exportedAt: _t, ...rest } = JSON.parse(fs.readFileSync(file, 'utf8'))
  return { file, content: rest, output: result.stdout + result.stderr }
}

describe.each(['local disk', 'S3'])('an import into a new database on the same storage, %s', (storage) => {
  let s3: TestS3 | undefined
  let original: BackupSite
  let png: Buffer
  let imagePath: string

  beforeAll(async () => {
    if (storage === 'S3') {
      s3 = await startS3()
      cleanups.push(() => s3!.stop())
    }
    original = await startSite(await emptySiteEnv(s3?.env))
    cleanups.push(() => original.discard())
    png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#36c' } })
      .png()
      .toBuffer()
    const uploaded = await uploadImage(original.owner, png, '/api/admin/products/image', 'image/png')
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200)
    imagePath = uploaded.body.objectPath
    await addProduct(original.owner, { imageUrl: imagePath, isFeatured: true })
  }, 240_000)

  it('files each media file under the name storage holds, and a second import changes nothing', async () => {
    const before = await exported(original.env, `${storage}-before.json`)
    expect(before.content.media.map((m: { filename: string }) => `/objects/media/${m.filename}`)).toEqual([imagePath])
    const filesBefore = await storedMedia(original.env, s3)
    expect(filesBefore).toContain(path.basename(imagePath))
    await original.stop()

    // The same data directory and bucket, a new database that the import fills.
    const env = { ...original.env, DATABASE_URL: await createTestDatabase('restore') }
    const site = await startSite({ ...env, SEED_DEMO: 'false' })
    cleanups.push(() => site.discard())
    const imported = await content(env, 'import', before.file, '--site', site.url)
    ok(imported)
    expect(imported.stdout).toContain(`create media ${path.basename(imagePath)}`)

    // No renamed copy of the file: storage holds exactly what it held, and the row names it.
    expect(await storedMedia(env, s3)).toEqual(filesBefore)
    const db = new Db(env.DATABASE_URL)
    cleanups.push(() => db.end())
    expect((await db.query('SELECT filename FROM media')).map((r) => r.filename)).toEqual([path.basename(imagePath)])

    // The product shows its image, with the same bytes, at the same address.
    const shown = await db.query(`SELECT image_url FROM products WHERE image_url LIKE '/objects/%'`)
    expect(shown.map((r) => r.image_url)).toEqual([imagePath])
    const image = await fetch(`${site.url}${imagePath}`)
    expect(image.status).toBe(200)
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true)

    // The restored site's own export still carries the image, and the same photo uploaded again
    // in the dashboard is the file the product already shows.
    const after = await exported(env, `${storage}-after.json`)
    expect(after.output).not.toContain('missing')
    expect(after.content).toEqual(before.content)
    const again = await uploadImage(site.owner, png, '/api/admin/products/image', 'image/png')
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(again.body.objectPath).toBe(imagePath)

    // Importing the same file again changes nothing.
    const twice = await content(env, 'import', before.file, '--site', site.url)
    ok(twice)
    expect(twice.stdout).toContain('Nothing to change')
    expect(await storedMedia(env, s3)).toEqual(filesBefore)
    expect((await db.query('SELECT count(*)::int AS n FROM media'))[0].n).toBe(1)
  }, 600_000)
})
