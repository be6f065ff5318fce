import fs from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { probe, settledTrack, sineWav, uploadAudio } from '../../helpers/audio'
import { createRelease } from '../../helpers/music'
import { TEXT } from '../../helpers/uploads'

/**
 * A release's tracks: the team uploads a WAV, AIFF or FLAC master and adds it as a track, which is
 * processed in the background (its duration read, its renditions made); the public streams a
 * ready track in full or as a 30-second preview, with Range, and never sees a master.
 */

const site = useAdminSite({ viewer: true })
let n = 0
let short: Buffer

beforeAll(async () => {
  short = await sineWav(3)
})

const release = async (data: Record<string, unknown> = {}) => (await createRelease(site.owner, data)).id

/** Uploads `wav` and adds it to the release as a track; answers the track once it is processed. */
async function readyTrack(releaseId: string, wav = short, title = `Song ${++n}`) {
  const audioURL = await uploadAudio(site.owner, wav)
  const added = await site.owner.json('POST', `/api/admin/releases/${releaseId}/tracks`, { title, audioURL })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  expect(added.body).toMatchObject({ title, status: 'processing', durationSeconds: null, streaming: 'preview' })
  const track = await settledTrack(site.owner, releaseId, added.body.id)
  expect(track.status, JSON.stringify(track)).toBe('ready')
  return track
}

const streamPath = (releaseId: string, trackId: string) => `/api/releases/${releaseId}/tracks/${trackId}/stream`

async function stream(path: string, headers: Record<string, string> = {}) {
  const res = await site.fresh().request('GET', path, undefined, headers)
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) }
}

describe('adding tracks', () => {
  it('processes an uploaded WAV master into a ready track with its duration, in position order', async () => {
    const id = await release()
    const first = await readyTrack(id, short, 'Opening')
    expect(first).toMatchObject({ title: 'Opening', position: 1, status: 'ready', durationSeconds: 3 })
    const second = await readyTrack(id, short, 'Closing')
    expect(second.position).toBe(2)

    const got = await site.viewer.json('GET', `/api/admin/releases/${id}`)
    expect(got.status).toBe(200)
    expect(got.body.tracks.map((t: { title: string }) => t.title)).toEqual(['Opening', 'Closing'])
    expect(Object.keys(got.body.tracks[0]).sort()).toEqual(
      ['durationSeconds', 'failureReason', 'id', 'instant', 'position', 'status', 'streaming', 'title'].sort(),
    )

    const moved = await site.manager.json('PUT', `/api/admin/releases/${id}/tracks/${second.id}`, {
      position: 1,
      title: 'Closer',
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body).toMatchObject({ title: 'Closer', position: 1 })
    const order = (await site.owner.json('GET', `/api/admin/releases/${id}`)).body.tracks
    expect(order.map((t: { title: string; position: number }) => [t.title, t.position])).toEqual([
      ['Closer', 1],
      ['Opening', 2],
    ])

    expect((await site.manager.json('DELETE', `/api/admin/releases/${id}/tracks/${second.id}`)).status).toBe(200)
    const left = (await site.owner.json('GET', `/api/admin/releases/${id}`)).body.tracks
    expect(left.map((t: { title: string; position: number }) => [t.title, t.position])).toEqual([['Opening', 1]])
    expect((await stream(streamPath(id, second.id))).res.status).toBe(404)
  })

  it('refuses a file that is not audio with 415, keeping neither a track nor the upload', async () => {
    const id = await release()
    const audioURL = await uploadAudio(site.owner, TEXT, 'text/plain')
    const res = await site.owner.json('POST', `/api/admin/releases/${id}/tracks`, { title: 'Noise', audioURL })
    expect(res.status).toBe(415)
    expect(res.body.message).toBe('This file is not audio: upload a WAV, AIFF or FLAC master')
    expect((await site.owner.json('GET', `/api/admin/releases/${id}`)).body.tracks).toEqual([])
    const again = await site.owner.json('POST', `/api/admin/releases/${id}/tracks`, { title: 'Noise', audioURL })
    expect(again.status).toBe(404)
  })

  it('takes only an audio upload of this site, for a release that exists, from owners and managers', async () => {
    const id = await release()
    const audioURL = await uploadAudio(site.owner, short)
    const body = { title: 'Song', audioURL }
    expect((await site.viewer.json('POST', `/api/admin/releases/${id}/tracks`, body)).status).toBe(403)
    expect((await site.fresh().json('POST', `/api/admin/releases/${id}/tracks`, body)).status).toBe(401)
    const unknown = await site.owner.json('POST', `/api/admin/releases/${crypto.randomUUID()}/tracks`, body)
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Release not found')
    const image = await site.owner.json('POST', '/api/objects/upload')
    const wrong = await site.owner.json('POST', `/api/admin/releases/${id}/tracks`, {
      title: 'Song',
      audioURL: image.body.uploadURL,
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors.audioURL).toBe('Use the audio upload URL this site gave you.')
    expect((await site.owner.json('POST', `/api/admin/releases/${id}/tracks`, { audioURL })).status).toBe(400)

    const added = await site.owner.json('POST', `/api/admin/releases/${id}/tracks`, body)
    expect(added.status).toBe(201)
    const track = `/api/admin/releases/${id}/tracks/${added.body.id}`
    expect((await site.viewer.json('PUT', track, { title: 'X' })).status).toBe(403)
    expect((await site.viewer.json('DELETE', track)).status).toBe(403)
    expect((await site.owner.json('PUT', track, { streaming: 'loud' })).status).toBe(400)
    expect((await site.owner.json('PUT', `/api/admin/releases/${id}/tracks/${crypto.randomUUID()}`, {})).status).toBe(
      404,
    )
    await settledTrack(site.owner, id, added.body.id)
  })
})

describe('deleting a release', () => {
  it("deletes a release's tracks with it: their masters and renditions leave the storage", async () => {
    const id = await release()
    const track = await readyTrack(id)
    const uploads = path.join(site.server.dataDir, 'uploads')
    const renditions = path.join(uploads, 'renditions', track.id)
    const masters = () => fs.readdirSync(path.join(uploads, 'masters')).length
    expect(fs.readdirSync(renditions).sort()).toEqual(['flac.flac', 'mp3.mp3', 'preview.mp3', 'stream.mp3'])
    const mastersBefore = masters()

    expect((await site.manager.json('DELETE', `/api/admin/releases/${id}`)).status).toBe(200)
    expect(fs.existsSync(renditions) ? fs.readdirSync(renditions) : []).toEqual([])
    expect(masters()).toBe(mastersBefore - 1)
    expect((await stream(streamPath(id, track.id))).res.status).toBe(404)
  })
})

describe('streams and the public API', () => {
  it('streams the whole track, with Range (206) and a bad range refused (416)', async () => {
    const id = await release()
    const track = await readyTrack(id)
    const path = `/api/admin/releases/${id}/tracks/${track.id}`
    expect((await site.owner.json('PUT', path, { streaming: 'full' })).status).toBe(200)

    const whole = await stream(streamPath(id, track.id))
    expect(whole.res.status).toBe(200)
    expect(whole.res.headers.get('content-type')).toBe('audio/mpeg')
    expect(whole.res.headers.get('accept-ranges')).toBe('bytes')
    const { duration, tags } = await probe(whole.bytes)
    expect(duration).toBeGreaterThan(2.5)
    expect(duration).toBeLessThan(3.5)
    expect(tags).toMatchObject({ title: track.title, album: expect.stringMatching(/^Night Drive/), track: '1' })
    expect(tags.date).toBe('2027')

    const part = await stream(streamPath(id, track.id), { Range: 'bytes=100-1099' })
    expect(part.res.status).toBe(206)
    expect(part.res.headers.get('content-range')).toBe(`bytes 100-1099/${whole.bytes.length}`)
    expect(Buffer.from(part.bytes).equals(Buffer.from(whole.bytes.subarray(100, 1100)))).toBe(true)

    const bad = await stream(streamPath(id, track.id), { Range: `bytes=${whole.bytes.length}-` })
    expect(bad.res.status).toBe(416)
    expect(bad.res.headers.get('content-range')).toBe(`bytes */${whole.bytes.length}`)
  })

  it('streams a preview of the first 30 seconds, or the whole of a shorter track; none is 404', async () => {
    const id = await release()
    const long = await readyTrack(id, await sineWav(40))
    expect(long.durationSeconds).toBe(40)
    const preview = await stream(streamPath(id, long.id))
    expect(preview.res.status).toBe(200)
    const cut = (await probe(preview.bytes)).duration
    expect(cut).toBeGreaterThan(29)
    expect(cut).toBeLessThan(31)

    const shortTrack = await readyTrack(id)
    const whole = (await probe((await stream(streamPath(id, shortTrack.id))).bytes)).duration
    expect(whole).toBeGreaterThan(2.5)
    expect(whole).toBeLessThan(3.5)

    const path = `/api/admin/releases/${id}/tracks/${long.id}`
    expect((await site.owner.json('PUT', path, { streaming: 'none' })).status).toBe(200)
    expect((await stream(streamPath(id, long.id))).res.status).toBe(404)
  })

  it('lists tracks publicly with their stream URLs, never a master, and serves no master', async () => {
    const id = await release()
    const audioURL = await uploadAudio(site.owner, short)
    const added = await site.owner.json('POST', `/api/admin/releases/${id}/tracks`, { title: 'Public', audioURL })
    await settledTrack(site.owner, id, added.body.id)

    const res = await site.fresh().json('GET', `/api/releases/${id}`)
    expect(res.status).toBe(200)
    expect(res.body.tracks).toEqual([
      {
        id: added.body.id,
        title: 'Public',
        position: 1,
        durationSeconds: 3,
        streaming: 'preview',
        streamURL: streamPath(id, added.body.id),
      },
    ])
    const text = JSON.stringify(res.body)
    expect(text).not.toContain('masters/')
    expect(text).not.toContain('master')

    const masterPath = `/objects/masters/${/([0-9a-f-]{36})/.exec(audioURL)![1]}`
    expect((await site.fresh().request('GET', masterPath)).status).toBe(404)

    expect((await site.owner.json('PUT', `/api/admin/releases/${id}`, { isActive: false })).status).toBe(200)
    expect((await stream(streamPath(id, added.body.id))).res.status).toBe(404)
  })
})
