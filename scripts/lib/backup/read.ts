/**
 * Reading a backup archive: its entries one after another, as streams, never the whole archive in
 * memory. A restore reads it twice: once to check every entry against the manifest, once to load.
 */
import fs from 'node:fs'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'

import tar from 'tar-stream'

import { digester, fileEntry, MANIFEST_ENTRY, parseManifest, tableEntry, type Manifest } from './manifest'

/** Calls `onEntry` for each entry of the archive in order; an entry it does not read is skipped. */
export async function readArchive(
  file: string,
  onEntry: (name: string, size: number, body: Readable) => Promise<void>,
): Promise<void> {
  const extract = tar.extract()
  const source = fs.createReadStream(file)
  const gunzip = zlib.createGunzip()
  const failed = new Promise<never>((_, reject) => {
    source.on('error', reject)
    gunzip.on('error', reject)
  })
  failed.catch(() => {})
  source.pipe(gunzip).pipe(extract)
  const entries = (async () => {
    for await (const entry of extract) {
      if (entry.header.type === 'file')
        await onEntry(entry.header.name, entry.header.size ?? 0, entry as unknown as Readable)
      entry.resume()
    }
  })()
  try {
    await Promise.race([entries, failed])
  } finally {
    source.destroy()
  }
}

async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of body) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Reads the whole archive, hashing every entry, and answers its manifest once every table and
 * file the manifest lists is there with the size and SHA-256 it records. Throws what is wrong.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, { size: number; sha256: string }>()
  let manifestText: string | undefined
  await readArchive(file, async (name, _size, body) => {
    if (name === MANIFEST_ENTRY) {
      manifestText = await readText(body)
      return
    }
    const tap = digester()
    for await (const _chunk of body.pipe(tap)) {
      // read to the end; the tap counts and hashes
    }
    seen.set(name, tap.digest())
  })
  if (manifestText === undefined) throw new Error(`it has no ${MANIFEST_ENTRY}`)
  const manifest = parseManifest(manifestText)
  const expected = [
    ...manifest.tables.map((t) => [tableEntry(t.name), t] as const),
    ...manifest.files.map((f) => [fileEntry(f.key), f] as const),
  ]
  for (const [name, { size, sha256 }] of expected) {
    const found = seen.get(name)
    if (!found) throw new Error(`${name} is missing`)
    if (found.size !== size || found.sha256 !== sha256) throw new Error(`${name} does not match its manifest entry`)
  }
  return manifest
}
