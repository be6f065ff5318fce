import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { pipeline } from 'node:stream/promises'

import type { Payload } from 'payload'
import { ZipFile } from 'yazl'

import { FORMAT_LABELS, type DownloadFormat } from '@/modules/music/contract/downloads'
import { objectKeyOf } from '@/lib/objectPath'
import { poolOf, withAdvisoryLock } from '@/platform/jobs/advisoryLock'
import { objectStore } from '@/platform/storage'
import { detectImageType, SNIFF_BYTES } from '@/platform/storage/imageType'

import { withTempDir } from './localCopy'
import { RENDITION_OF, renditionKey } from './renditions'

/** What a release's zip in one format is made of, and the fingerprint of all of it. */
type ZipSource = {
  /** False while a track is still being processed, or when no track is ready. */
  ready: boolean
  fingerprint: string
  title: string
  band: string
  artworkKey: string | null
  tracks: { id: string; title: string }[]
}

/** A name that every file system takes: no path separators, reserved or control characters. */
export const fileNameOf = (text: string) =>
  text
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120) || 'Untitled'

/** "Band - Title (MP3 320).zip": the file name a release's zip is saved under. */
export const zipFileName = (band: string, title: string, format: DownloadFormat) =>
  `${fileNameOf(band ? `${band} - ${title}` : title)} (${FORMAT_LABELS[format]}).zip`

async function zipSource(payload: Payload, releaseId: string, format: DownloadFormat): Promise<ZipSource | null> {
  const pool = poolOf(payload)
  const [{ rows: releases }, { rows: tracks }, band] = await Promise.all([
    pool.query<{ title: string; artwork: string | null }>(
      `SELECT title, artwork_url AS artwork FROM releases WHERE id = $1`,
      [releaseId],
    ),
    pool.query<{ id: string; title: string; status: string; changed: string }>(
      `SELECT id, title, status, updated_at::text AS changed FROM tracks WHERE release_id = $1 ORDER BY position, created_at`,
      [releaseId],
    ),
    payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true }),
  ])
  const release = releases[0]
  if (!release) return null
  const ready = tracks.filter((t) => t.status === 'ready')
  const artworkKey = release.artwork ? objectKeyOf(release.artwork) : null
  const made = { format, title: release.title, band: band.name ?? '', artworkKey, tracks: ready }
  return {
    ready: ready.length > 0 && !tracks.some((t) => t.status === 'processing'),
    fingerprint: createHash('sha256').update(JSON.stringify(made)).digest('hex'),
    title: release.title,
    band: band.name ?? '',
    artworkKey,
    tracks: ready.map(({ id, title }) => ({ id, title })),
  }
}

/** The stored zip's key: a new fingerprint (tracks, titles, artwork or names changed) is a new zip. */
const zipKey = (releaseId: string, format: DownloadFormat, fingerprint: string) =>
  `downloads/${releaseId}/${format}-${fingerprint}.zip`

/** A lock of its own per (release, format), so one instance at a time builds that zip. */
const lockKeyOf = (releaseId: string, format: DownloadFormat) =>
  parseInt(createHash('sha256').update(`release-zip:${releaseId}:${format}`).digest('hex').slice(0, 12), 16)

/** Adds the stored object `key` to the zip as `name`, uncompressed (audio and images do not shrink), read when its turn comes. */
async function addObject(zip: ZipFile, key: string, name: string): Promise<boolean> {
  const store = objectStore()
  const info = await store.stat(key)
  if (!info) return false
  zip.addReadStreamLazy(name, { compress: false, size: info.size, mtime: info.lastModified ?? new Date() }, (cb) => {
    store.open(key).then(
      (opened) =>
        opened
          ? cb(null, Readable.fromWeb(opened.body as NodeReadableStream))
          : cb(new Error(`${key} is missing`), Readable.from([])),
      (error: Error) => cb(error, Readable.from([])),
    )
  })
  return true
}

/** The artwork's name in the zip, `cover.jpg` (or .png, …, as its first bytes say), or null when it is missing. */
async function coverName(key: string): Promise<string | null> {
  const info = await objectStore().stat(key)
  const opened = info?.size
    ? await objectStore().open(key, { start: 0, end: Math.min(SNIFF_BYTES, info.size) - 1 })
    : null
  if (!opened) return null
  const head = new Uint8Array(await new Response(opened.body).arrayBuffer())
  return `cover.${detectImageType(head)?.ext ?? 'jpg'}`
}

/** Writes the zip of `source` to `file`, streaming each object from storage (never whole in memory). */
async function writeZip(source: ZipSource, format: DownloadFormat, file: string): Promise<void> {
  const zip = new ZipFile()
  const width = Math.max(2, String(source.tracks.length).length)
  const rendition = RENDITION_OF[format]
  for (const [i, track] of source.tracks.entries()) {
    const name = `${String(i + 1).padStart(width, '0')} ${fileNameOf(track.title)}.${rendition}`
    if (!(await addObject(zip, renditionKey(track.id, rendition), name)))
      throw new Error(`The ${format} file of "${track.title}" is missing`)
  }
  const cover = source.artworkKey ? await coverName(source.artworkKey) : null
  if (cover) await addObject(zip, source.artworkKey!, cover)
  zip.end()
  await pipeline(zip.outputStream, fs.createWriteStream(file))
}

export type ReadyZip = { key: string; size: number; fileName: string }

/** The stored zip of the release's current tracks in `format`, or null when there is none yet. */
export async function storedZip(payload: Payload, releaseId: string, format: DownloadFormat): Promise<ReadyZip | null> {
  const source = await zipSource(payload, releaseId, format)
  if (!source?.ready) return null
  const { rows } = await poolOf(payload).query<{ key: string }>(
    `SELECT storage_key AS key FROM release_zips WHERE release_id = $1 AND format = $2 AND fingerprint = $3`,
    [releaseId, format, source.fingerprint],
  )
  const info = rows[0] ? await objectStore().stat(rows[0].key) : null
  if (!rows[0] || !info) return null
  return { key: rows[0].key, size: info.size, fileName: zipFileName(source.band, source.title, format) }
}

/**
 * Builds and stores the zip of the release's ready tracks in `format` (plus its artwork), once all
 * its tracks are processed: one instance at a time per (release, format), and only when the stored
 * one was made from something else; the zip it replaces is deleted. Answers whether a zip is stored.
 */
export async function buildZip(payload: Payload, releaseId: string, format: DownloadFormat): Promise<boolean> {
  const done = await withAdvisoryLock(payload, lockKeyOf(releaseId, format), async () => {
    if (await storedZip(payload, releaseId, format)) return true
    const source = await zipSource(payload, releaseId, format)
    if (!source?.ready) return false
    const key = zipKey(releaseId, format, source.fingerprint)
    const size = await withTempDir(async (dir) => {
      const file = path.join(dir, 'release.zip')
      await writeZip(source, format, file)
      await objectStore().putFile(key, file, 'application/zip')
      return (await fs.promises.stat(file)).size
    })
    const { rows } = await poolOf(payload).query<{ old: string | null }>(
      `WITH old AS (SELECT storage_key FROM release_zips WHERE release_id = $1 AND format = $2)
       INSERT INTO release_zips (release_id, format, fingerprint, storage_key, size)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (release_id, format) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, storage_key = EXCLUDED.storage_key, size = EXCLUDED.size,
           built_at = now()
       RETURNING (SELECT storage_key FROM old) AS old`,
      [releaseId, format, source.fingerprint, key, size],
    )
    const old = rows[0]?.old
    if (old && old !== key) await objectStore().delete(old)
    return true
  })
  return done ?? false
}

const building = new Set<string>()

/** Starts building the zip in the background unless this process is already building it. */
export function prepareZip(payload: Payload, releaseId: string, format: DownloadFormat): void {
  const id = `${releaseId}:${format}`
  if (building.has(id)) return
  building.add(id)
  buildZip(payload, releaseId, format)
    .catch((error: unknown) => console.error(`Download zip of release ${releaseId} (${format}):`, error))
    .finally(() => building.delete(id))
}
