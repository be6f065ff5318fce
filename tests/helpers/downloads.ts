import { expect } from 'vitest'
import yauzl from 'yauzl'

import { grantReleases, type GrantSource } from '../../src/modules/music'
import type { AdminSite } from './adminSite'
import { settledTrack, sineWav, uploadAudio } from './audio'
import { createRelease } from './music'
import { unique } from './unique'
import { uploadPng } from './uploads'

/** Downloads as a fan gets them: a release with ready tracks and artwork, a grant, its link, its zip. */

/** An active release with artwork and ready tracks of these titles (processed by the real ffmpeg). */
export async function releaseWithTracks(site: AdminSite, titles: string[], data: Record<string, unknown> = {}) {
  const artworkUrl = await uploadPng(site.owner, 32, 32, '#336699')
  const release = await createRelease(site.owner, { releaseDate: '2024-05-01', artworkUrl, ...data })
  const wav = await sineWav(2)
  for (const title of titles) {
    const audioURL = await uploadAudio(site.owner, wav)
    const added = await site.owner.json('POST', `/api/admin/releases/${release.id}/tracks`, { title, audioURL })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect((await settledTrack(site.owner, release.id, added.body.id)).status).toBe('ready')
  }
  return release
}

/**
 * Gives the releases to `email` through the music module's grantReleases, called in this test
 * process against the server's database as a paid order or a redeemed code will; answers the token.
 */
export async function grant(site: AdminSite, email: string, releaseIds: string[], source?: GrantSource) {
  const { downloadUrl } = await grantReleases(site.payload, {
    email,
    releaseIds,
    source: source ?? { codeId: `test-code-${unique()}` },
  })
  expect(downloadUrl).toMatch(/\/downloads\/[A-Za-z0-9_-]{43}$/)
  return downloadUrl!.split('/downloads/')[1]!
}

/** Fetches a zip url until it is built (503 "being prepared" meanwhile), with a Range that counts no download. */
export async function waitForZip(site: AdminSite, url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await site.fresh().get(url, { Range: 'bytes=1-1' })
    await res.arrayBuffer()
    if (res.status === 206) return
    expect(res.status).toBe(503)
    if (Date.now() > until) throw new Error(`${url} not built after ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 300))
  }
}

/** The entries of a zip: names and bytes. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'))
      const entries = new Map<string, Buffer>()
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'))
          const chunks: Buffer[] = []
          stream.on('data', (c: Buffer) => chunks.push(c))
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            zip.readEntry()
          })
        })
      })
      zip.on('end', () => resolve(entries))
      zip.on('error', reject)
      zip.readEntry()
    })
  })
}
