/**
 * Restores an archive of `npm run backup` into a new, empty database and its storage.
 *
 *   npm run restore -- FILE
 *
 * The database and the storage are found as `npm run backup` finds them. A database that already
 * has data is refused (exit code 1), and so is a backup made by code with newer migrations.
 */
import fs from 'node:fs'

import { getPayload } from 'payload'

import { migrations } from '../src/migrations'

import { restoreBackup, RestoreError } from './lib/backup/restore'
import { siteFileStore } from './lib/backup/storage'
import { siteDatabase } from './lib/siteDatabase'

const USAGE = 'Usage: npm run restore -- FILE   (an archive written by npm run backup)'

const args = process.argv.slice(2)
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error(USAGE)
  process.exit(2)
}
const file = args[0]!
if (!fs.existsSync(file)) {
  console.error(`${file} does not exist.`)
  process.exit(1)
}

/** Applies the committed migrations named, through Payload as the launcher does. */
async function migrate(names: string[]): Promise<void> {
  const wanted = new Set(names)
  // The configuration reads DATABASE_URL when it loads, so it loads once the database is known.
  const { default: config } = await import('../src/payload.config')
  const payload = await getPayload({ config })
  try {
    await payload.db.migrate({ migrations: migrations.filter((m) => wanted.has(m.name)) as never })
  } finally {
    await payload.destroy()
  }
}

const database = await siteDatabase()
process.env.DATABASE_URL = database.url
let code = 1
try {
  const store = siteFileStore()
  const { manifest, migrationsApplied } = await restoreBackup({
    file,
    databaseUrl: database.url,
    store,
    committed: migrations.map((m) => m.name),
    migrate,
  })
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0)
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${rows} rows in ${manifest.tables.length} tables ` +
      `(${migrationsApplied} migrations applied first) and ${manifest.files.length} files into ${store.describe}.`,
  )
  code = 0
} catch (error) {
  if (error instanceof RestoreError) console.error(error.message)
  else console.error(`The restore failed; the database was left without the backup's data. ${(error as Error).message}`)
} finally {
  await database.stop()
}
process.exit(code)
