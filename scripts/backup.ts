/**
 * Writes one archive with the site's database and stored files, while the site runs.
 *
 *   npm run backup -- FILE
 *
 * The database is DATABASE_URL, or the embedded one under DATA_DIR (the running `npm start`'s, or
 * started here when the site is stopped); the files are the upload directory or the S3 bucket, as
 * the site is configured. What the archive holds: scripts/lib/backup/manifest.ts.
 */
import { createBackup } from './lib/backup/create'
import { siteFileStore } from './lib/backup/storage'
import { siteDatabase } from './lib/siteDatabase'

const USAGE = 'Usage: npm run backup -- FILE   (for example backups/bandsite.tar.gz)'

const args = process.argv.slice(2)
if (args.length !== 1 || args[0]!.startsWith('-')) {
  console.error(USAGE)
  process.exit(2)
}

const database = await siteDatabase()
let code = 1
try {
  const store = siteFileStore()
  const { file, manifest, bytes } = await createBackup(database.url, store, args[0]!)
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0)
  console.log(
    `Backed up ${rows} rows in ${manifest.tables.length} tables and ${manifest.files.length} files ` +
      `(from ${store.describe}) to ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB).`,
  )
  code = 0
} catch (error) {
  console.error(`The backup failed; no archive was written. ${(error as Error).message}`)
} finally {
  await database.stop()
}
process.exit(code)
