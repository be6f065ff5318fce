import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { settledTrack, sineWav, uploadAudio } from '../../helpers/audio'
import type { Client } from '../../helpers/http'
import { createRelease } from '../../helpers/music'

/**
 * What the dashboard's Music tab reads and writes: a release's figures and whether the server can
 * process audio, the order of its tracks (owner and manager; a viewer reads only), the instant
 * flag, plays counted from the first byte of a stream, and products that include a release.
 */

const site = useAdminSite({ viewer: true })
let wav: Buffer

beforeAll(async () => {
  wav = await sineWav(2)
})

async function addTrack(releaseId: string, title: string) {
  const audioURL = await uploadAudio(site.owner, wav)
  const added = await site.owner.json('POST', `/api/admin/releases/${releaseId}/tracks`, { title, audioURL })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  return added.body as { id: string; instant: boolean }
}

const titles = async (client: Client, releaseId: string) =>
  ((await client.json('GET', `/api/admin/releases/${releaseId}`)).body.tracks as { title: string }[]).map(
    (t) => t.title,
  )

describe('a release as the Music tab reads it', () => {
  it('carries its figures and the audio programs the server lacks (none here), for a viewer too', async () => {
    const { id } = await createRelease(site.owner)
    const got = await site.viewer.json('GET', `/api/admin/releases/${id}`)
    expect(got.status).toBe(200)
    expect(got.body.stats).toEqual({ sales: 0, revenueCents: 0, downloads: 0, plays: 0 })
    expect(got.body.audioTools).toEqual({ missing: [] })
  })
})

describe('ordering tracks', () => {
  it('puts the tracks in the order sent; a viewer is refused and a list that misses a track is a 400', async () => {
    const { id } = await createRelease(site.owner)
    const a = await addTrack(id, 'Alpha')
    const b = await addTrack(id, 'Beta')
    const c = await addTrack(id, 'Gamma')
    const path = `/api/admin/releases/${id}/tracks/order`

    const moved = await site.manager.json('PUT', path, { trackIds: [c.id, a.id, b.id] })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.map((t: { title: string; position: number }) => [t.title, t.position])).toEqual([
      ['Gamma', 1],
      ['Alpha', 2],
      ['Beta', 3],
    ])
    expect(await titles(site.viewer, id)).toEqual(['Gamma', 'Alpha', 'Beta'])

    expect((await site.viewer.json('PUT', path, { trackIds: [a.id, b.id, c.id] })).status).toBe(403)
    const partial = await site.owner.json('PUT', path, { trackIds: [a.id, b.id] })
    expect(partial.status).toBe(400)
    expect(partial.body.errors.trackIds).toMatch(/every track/)
    expect((await site.owner.json('PUT', path, { trackIds: [a.id, a.id, b.id] })).status).toBe(400)
    expect((await site.owner.json('PUT', path, { trackIds: ['x', a.id, b.id] })).status).toBe(400)
    expect((await site.owner.json('PUT', path, { trackIds: 'nope' })).status).toBe(400)
    expect(await titles(site.owner, id)).toEqual(['Gamma', 'Alpha', 'Beta'])
  })
})

describe('the instant flag and plays', () => {
  it('marks a track instant, and counts a play per stream request from the first byte', async () => {
    const { id } = await createRelease(site.owner)
    const track = await addTrack(id, 'Opener')
    expect(track.instant).toBe(false)
    const marked = await site.owner.json('PUT', `/api/admin/releases/${id}/tracks/${track.id}`, {
      instant: true,
      streaming: 'full',
    })
    expect(marked.status, JSON.stringify(marked.body)).toBe(200)
    expect(marked.body).toMatchObject({ instant: true, streaming: 'full' })
    expect(
      (await site.owner.json('PUT', `/api/admin/releases/${id}/tracks/${track.id}`, { instant: 'yes' })).status,
    ).toBe(400)
    expect((await settledTrack(site.owner, id, track.id)).status).toBe('ready')

    const stream = `/api/releases/${id}/tracks/${track.id}/stream`
    const fan = site.fresh()
    expect((await fan.request('GET', stream)).status).toBe(200)
    expect((await fan.request('GET', stream, undefined, { Range: 'bytes=0-' })).status).toBe(206)
    // The player's later ranges of the same play are not counted.
    expect((await fan.request('GET', stream, undefined, { Range: 'bytes=100-200' })).status).toBe(206)
    const got = await site.viewer.json('GET', `/api/admin/releases/${id}`)
    expect(got.body.stats.plays).toBe(2)
  }, 90_000)
})

describe('products that include a release', () => {
  it('keeps the included release, answers it to the team and refuses an unknown one', async () => {
    const release = await createRelease(site.owner)
    const made = await site.owner.json('POST', '/api/admin/products', {
      name: 'Night Drive vinyl',
      price: '25.00',
      inventory: 5,
      includesReleaseId: release.id,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    expect(made.body.includesReleaseId).toBe(release.id)

    const cleared = await site.manager.json('PUT', `/api/admin/products/${made.body.id}`, {
      includesReleaseId: null,
      updatedAt: made.body.updatedAt,
    })
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200)
    expect(cleared.body.includesReleaseId).toBeNull()

    const bad = await site.owner.json('POST', '/api/admin/products', {
      name: 'X',
      price: '1.00',
      includesReleaseId: 'abc',
    })
    expect(bad.status).toBe(400)
    const unknown = await site.owner.json('POST', '/api/admin/products', {
      name: 'Y',
      price: '1.00',
      includesReleaseId: crypto.randomUUID(),
    })
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(400)
  })
})
