/**
 * `npm run restore -- FILE`: a backup back into an empty database and its storage. The archive is
 * checked whole first (every entry against the manifest's sizes and hashes); a database that
 * already has data, or that has migrations the backup has not, is refused, as is a backup from code
 * with migrations this code has not. Then the committed migrations up to the backup's make the
 * schema, and one pass over the archive loads the rows (one transaction) and puts the files back.
 */
import type { Readable } from 'node:stream'

import pg from 'pg'

import { appliedMigrations, MIGRATIONS_TABLE, schemaTables } from './database'
import { startLoad } from './load'
import { fileEntry, type Manifest } from './manifest'
import { verifyArchive, readArchive } from './read'
import type { FileStore } from './storage'

/** A refusal or a failure the user reads (exit code 1), as opposed to a defect. */
export class RestoreError extends Error {}

export type RestoreOptions = {
  file: string
  databaseUrl: string
  store: FileStore
  /** The names of the committed migrations, in order. */
  committed: string[]
  /** Applies the committed migrations with these names. */
  migrate: (names: string[]) => Promise<void>
}

async function tablesWithData(client: pg.Client): Promise<string[]> {
  const found: string[] = []
  for (const table of await schemaTables(client)) {
    if (table === MIGRATIONS_TABLE) continue
    const { rows } = await client.query(`SELECT 1 FROM "${table.replace(/"/g, '""')}" LIMIT 1`)
    if (rows.length) found.push(table)
  }
  return found
}

/** Refuses a database that is not empty or is ahead of the backup, and a backup ahead of the code. */
async function checkTarget(client: pg.Client, manifest: Manifest, committed: string[]): Promise<void> {
  const known = new Set(committed)
  const newer = manifest.migrations.filter((m) => !known.has(m))
  if (newer.length) {
    throw new RestoreError(
      `The backup was made by a newer version of the site: its migrations ${newer.join(', ')} are not in this code. ` +
        'Update the code to the version that made the backup (or a later one), then restore.',
    )
  }
  const withData = await tablesWithData(client)
  if (withData.length) {
    throw new RestoreError(
      `The database already has data (in ${withData.slice(0, 5).join(', ')}${withData.length > 5 ? ', …' : ''}). ` +
        'A backup is restored only into a new, empty database: nothing was changed.',
    )
  }
  const inBackup = new Set(manifest.migrations)
  const ahead = (await appliedMigrations(client)).filter((m) => !inBackup.has(m))
  if (ahead.length) {
    throw new RestoreError(
      `The database has migrations the backup has not (${ahead.join(', ')}). ` +
        'Restore into a new, empty database: nothing was changed.',
    )
  }
}

async function loadArchive(client: pg.Client, options: RestoreOptions, manifest: Manifest): Promise<void> {
  const loader = await startLoad(client, manifest)
  const files = new Map(manifest.files.map((f) => [fileEntry(f.key), f]))
  try {
    await readArchive(options.file, async (name: string, size: number, body: Readable) => {
      if (await loader.entry(name, body)) return
      const file = files.get(name)
      if (file) await options.store.put(file.key, body, size, file.contentType)
    })
    await loader.finish()
  } catch (error) {
    await loader.abort()
    throw error
  }
}

export type RestoreSummary = { manifest: Manifest; migrationsApplied: number }

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  let manifest: Manifest
  try {
    manifest = await verifyArchive(options.file)
  } catch (error) {
    throw new RestoreError(`${options.file} is not a usable backup: ${(error as Error).message}`)
  }
  const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'restore' })
  await client.connect()
  try {
    await checkTarget(client, manifest, options.committed)
    const before = new Set(await appliedMigrations(client))
    const wanted = new Set(manifest.migrations)
    const toApply = options.committed.filter((m) => wanted.has(m) && !before.has(m))
    if (toApply.length) await options.migrate(options.committed.filter((m) => wanted.has(m)))
    await loadArchive(client, options, manifest)
    return { manifest, migrationsApplied: toApply.length }
  } finally {
    await client.end().catch(() => {})
  }
}
