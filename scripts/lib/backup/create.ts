/**
 * `npm run backup -- FILE`: one archive with the database and the stored files, taken while the
 * site runs. The tables come from one snapshot and are spooled to disk beside FILE (a tar entry
 * needs its size first); the files are listed after the snapshot, so every file a backed-up row
 * names is there. FILE appears only once complete: the archive is written under a temporary name.
 */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'

import pg from 'pg'
import tar from 'tar-stream'

import { dumpDatabase } from './database'
import {
  digester,
  fileEntry,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  tableEntry,
  type Manifest,
  type StoredFile,
} from './manifest'
import type { FileStore } from './storage'

/** Adds one entry of `size` bytes from `body` to the archive; resolves once it is written. */
function addEntry(pack: tar.Pack, name: string, size: number, body: Readable): Promise<void> {
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size, mtime: new Date(), mode: 0o640 }, (error) =>
      error ? reject(error) : resolve(),
    )
    body.on('error', (error) => {
      entry.destroy(error)
      reject(error)
    })
    body.pipe(entry)
  })
}

async function addFiles(pack: tar.Pack, store: FileStore): Promise<StoredFile[]> {
  const files: StoredFile[] = []
  for await (const key of store.keys()) {
    const opened = await store.open(key)
    if (!opened) continue // deleted since it was listed: no row of the snapshot names it any more
    const tap = digester()
    opened.body.on('error', (error) => tap.destroy(error))
    await addEntry(pack, fileEntry(key), opened.size, opened.body.pipe(tap))
    files.push({ key, ...tap.digest(), ...(opened.contentType ? { contentType: opened.contentType } : {}) })
  }
  return files
}

export type BackupSummary = { file: string; manifest: Manifest; bytes: number }

/** Writes the backup of the database at `databaseUrl` and the files of `store` to `file`. */
export async function createBackup(databaseUrl: string, store: FileStore, file: string): Promise<BackupSummary> {
  const target = path.resolve(file)
  const dir = path.dirname(target)
  await fsp.mkdir(dir, { recursive: true })
  const spool = await fsp.mkdtemp(path.join(dir, `.${path.basename(target)}.tables-`))
  const partial = `${target}.partial`
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'backup' })
  let connected = false
  try {
    await client.connect()
    connected = true
    const database = await dumpDatabase(client, spool)
    connected = false
    await client.end()
    const pack = tar.pack()
    const written = pipeline(pack, zlib.createGzip({ level: 6 }), fs.createWriteStream(partial, { mode: 0o600 }))
    written.catch(() => {}) // awaited below; a failure while entries are added surfaces there too
    for (const table of database.tables) {
      const source = path.join(spool, `${table.name}.copy`)
      await addEntry(pack, tableEntry(table.name), table.size, fs.createReadStream(source))
      await fsp.rm(source)
    }
    const files = await addFiles(pack, store)
    const manifest: Manifest = {
      format: FORMAT,
      version: FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      ...database,
      files,
    }
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`)
    await addEntry(pack, MANIFEST_ENTRY, json.length, Readable.from([json]))
    pack.finalize()
    await written
    await fsp.rename(partial, target)
    return { file: target, manifest, bytes: (await fsp.stat(target)).size }
  } finally {
    if (connected) await client.end().catch(() => {})
    await fsp.rm(spool, { recursive: true, force: true })
    await fsp.rm(partial, { force: true })
  }
}
