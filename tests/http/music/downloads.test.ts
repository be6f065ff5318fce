import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startNginx, type RunningNginx } from '../../../scripts/lib/nginx'
import { poolOf } from '../../../src/platform/jobs/advisoryLock'
import { useAdminSite } from '../../helpers/adminSite'
import { probe } from '../../helpers/audio'
import { grant, releaseWithTracks, unzip, waitForZip } from '../../helpers/downloads'

/**
 * A fan's download link: the releases it gives, each as a zip of its tagged tracks in MP3 320 or
 * FLAC plus the artwork, streamed with Range; 30 days and 10 downloads per release, then 410; a
 * refund revokes it.
 */

const site = useAdminSite()
const sql = async (text: string, values: unknown[] = []) => (await poolOf(site.payload).query(text, values)).rows
let release: { id: string }
let band: string

beforeAll(async () => {
  band = (await site.owner.json('GET', '/api/admin/band-profile')).body.name
  release = await releaseWithTracks(site, ['Opening', 'Closing'], { title: 'Night Drive' })
}, 120_000)

const zipUrl = (token: string, format = 'mp3-320') => `/api/downloads/${token}/${release.id}/${format}`
const answerOf = async (token: string) => site.fresh().json('GET', `/api/downloads/${token}`)

describe('a download link', () => {
  it('lists the releases given, in both formats, with when it ends and the downloads left', async () => {
    const token = await grant(site, 'Listener@Example.com', [release.id])
    const { status, body } = await answerOf(token)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.releases).toEqual([
      {
        id: release.id,
        title: 'Night Drive',
        artworkUrl: expect.stringMatching(/^\/objects\/uploads\//),
        downloadsLeft: 10,
        formats: [
          { format: 'mp3-320', url: zipUrl(token) },
          { format: 'flac', url: zipUrl(token, 'flac') },
        ],
        availableOn: null,
        tracks: [],
      },
    ])
    expect(body.downloadsLeft).toBe(10)
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)

    const page = await site.fresh().get(`/downloads/${token}`)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('<h2>Night Drive</h2>')
    expect(html).toContain(`href="${zipUrl(token, 'flac')}"`)
    expect(html).toContain('Downloads left: 10')
  })
})

describe('the zips', () => {
  it('streams a zip of the tagged MP3 320 tracks and the artwork, named after the band and release', async () => {
    const token = await grant(site, 'zip@example.com', [release.id])
    await waitForZip(site, zipUrl(token))
    const res = await site.fresh().get(zipUrl(token))
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-length')).toBe(String(bytes.length))
    expect(res.headers.get('content-disposition')).toContain(`filename="${band} - Night Drive (MP3 320).zip"`)
    const entries = await unzip(bytes)
    expect([...entries.keys()]).toEqual(['01 Opening.mp3', '02 Closing.mp3', 'cover.png'])
    const tags = await probe(entries.get('02 Closing.mp3')!)
    expect(tags.tags).toMatchObject({ title: 'Closing', album: 'Night Drive', track: '2' })
    expect(entries.get('cover.png')!.subarray(1, 4).toString()).toBe('PNG')
    expect((await answerOf(token)).body.releases[0].downloadsLeft).toBe(9)
  })

  it('streams the FLAC zip too', async () => {
    const token = await grant(site, 'flac@example.com', [release.id])
    await waitForZip(site, zipUrl(token, 'flac'))
    const res = await site.fresh().get(zipUrl(token, 'flac'))
    expect(res.headers.get('content-disposition')).toContain('(FLAC).zip"')
    const entries = await unzip(Buffer.from(await res.arrayBuffer()))
    expect([...entries.keys()]).toEqual(['01 Opening.flac', '02 Closing.flac', 'cover.png'])
    for (const name of ['01 Opening.flac', '02 Closing.flac'])
      expect(entries.get(name)!.subarray(0, 4).toString()).toBe('fLaC')
  })

  it('answers Range with 206, counting only a transfer from the first byte; 416 past the end', async () => {
    const token = await grant(site, 'range@example.com', [release.id])
    await waitForZip(site, zipUrl(token))
    const whole = Buffer.from(await (await site.fresh().get(zipUrl(token))).arrayBuffer())
    const first = await site.fresh().get(zipUrl(token), { Range: 'bytes=0-99' })
    expect(first.status).toBe(206)
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${whole.length}`)
    expect(first.headers.get('content-length')).toBe('100')
    expect(Buffer.from(await first.arrayBuffer())).toEqual(whole.subarray(0, 100))
    const rest = await site.fresh().get(zipUrl(token), { Range: 'bytes=100-' })
    expect(rest.status).toBe(206)
    expect(Buffer.concat([whole.subarray(0, 100), Buffer.from(await rest.arrayBuffer())])).toEqual(whole)
    expect((await answerOf(token)).body.downloadsLeft).toBe(8)
    const past = await site.fresh().get(zipUrl(token), { Range: `bytes=${whole.length}-` })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${whole.length}`)
  })
})

describe('the limits of a download link', () => {
  it('allows 10 downloads of a release, then answers 410 with a message', async () => {
    const token = await grant(site, 'limit@example.com', [release.id])
    await waitForZip(site, zipUrl(token))
    for (let i = 0; i < 10; i++) {
      const res = await site.fresh().get(zipUrl(token, i % 2 ? 'flac' : 'mp3-320'), { Range: 'bytes=0-0' })
      expect([206, 503]).toContain(res.status)
      if (res.status === 503) {
        await waitForZip(site, zipUrl(token, 'flac'))
        i--
      }
    }
    const over = await site.fresh().json('GET', zipUrl(token))
    expect(over.status).toBe(410)
    expect(over.body.message).toBe(
      'You have used all 10 downloads of this release with this link. Enter your email on the downloads page to get a new link.',
    )
    expect((await answerOf(token)).body.downloadsLeft).toBe(0)
  })

  it('stops working after 30 days: 410 from the API, the zip and the page', async () => {
    const token = await grant(site, 'late@example.com', [release.id])
    await sql(`UPDATE download_links SET expires_at = now() - interval '1 second' WHERE email = $1`, [
      'late@example.com',
    ])
    const message = 'This download link has expired. Enter your email on the downloads page to get a new one.'
    expect(await answerOf(token)).toMatchObject({ status: 410, body: { message } })
    expect((await site.fresh().json('GET', zipUrl(token))).status).toBe(410)
    const page = await site.fresh().get(`/downloads/${token}`)
    expect(page.status).toBe(410)
    expect(await page.text()).toContain(message)
  })

  it('answers 404 for an unknown link, a release it does not give and an unknown format', async () => {
    const token = await grant(site, 'other@example.com', [release.id])
    const other = await releaseWithTracks(site, [])
    expect((await answerOf('x'.repeat(43))).status).toBe(404)
    expect((await site.fresh().get(`/downloads/${'x'.repeat(43)}`)).status).toBe(404)
    expect((await site.fresh().get(`/api/downloads/${token}/${other.id}/mp3-320`)).status).toBe(404)
    expect((await site.fresh().get(zipUrl(token, 'wav'))).status).toBe(404)
  })

  it('is revoked by the team’s refund of the order that gave it (410)', async () => {
    const order = await site.payload.create({
      collection: 'orders',
      data: {
        customerEmail: 'refund@example.com',
        subtotalAmount: 10,
        shippingAmount: 0,
        totalAmount: 10,
        status: 'paid',
        paymentProvider: 'test',
        paypalCaptureId: 'TESTCAP-DOWNLOADS-1',
      } as never,
      overrideAccess: true,
    })
    const token = await grant(site, 'refund@example.com', [release.id], { orderId: String(order.id) })
    expect((await answerOf(token)).status).toBe(200)
    const refunded = await site.owner.json('POST', `/api/admin/orders/${order.id}/refund`)
    expect(refunded.body.status, JSON.stringify(refunded.body)).toBe('refunded')
    const message = 'This download is no longer available: the purchase was refunded.'
    expect(await answerOf(token)).toMatchObject({ status: 410, body: { message } })
    expect((await site.fresh().json('GET', zipUrl(token))).status).toBe(410)
    expect((await site.fresh().get(`/downloads/${token}`)).status).toBe(410)
  })
})

describe('behind the shipped nginx, with the files on local disk', () => {
  let nginx: RunningNginx
  beforeAll(async () => {
    // nginx's workers run as an unprivileged user: the upload directory must be readable to them.
    fs.chmodSync(site.server.dataDir, 0o755)
    nginx = await startNginx([new URL(site.server.url).host], {
      filesDir: path.join(site.server.dataDir, 'uploads'),
    })
  })
  afterAll(async () => await nginx?.stop())

  it('checks the link and counts the download, then hands the file to nginx to send', async () => {
    const token = await grant(site, 'nginx@example.com', [release.id])
    await waitForZip(site, zipUrl(token))
    const direct = Buffer.from(await (await site.fresh().get(zipUrl(token))).arrayBuffer())

    // The app's own answer when nginx says it will send the file: no body, the file's place.
    const handed = await site.fresh().get(zipUrl(token), { 'X-Sendfile-Type': 'X-Accel-Redirect' })
    expect(handed.status).toBe(200)
    expect(handed.headers.get('x-accel-redirect')).toMatch(/^\/_bandsite\/files\/downloads\/.+\.zip$/)
    expect((await handed.arrayBuffer()).byteLength).toBe(0)

    const res = await fetch(nginx.url + zipUrl(token), { headers: { 'X-Forwarded-For': site.address() } })
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(res.status).toBe(200)
    expect(bytes.equals(direct)).toBe(true)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-length')).toBe(String(direct.length))
    expect(res.headers.get('content-disposition')).toContain(`filename="${band} - Night Drive (MP3 320).zip"`)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.headers.get('x-accel-redirect')).toBeNull()

    const part = await fetch(nginx.url + zipUrl(token), { headers: { Range: 'bytes=100-199' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${direct.length}`)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(direct.subarray(100, 200))
    // The direct download, the hand-over and nginx's whole transfer counted; the Range did not.
    expect((await answerOf(token)).body.downloadsLeft).toBe(7)

    // The files' location is only reachable through the app's hand-over: a client asking for it gets 404.
    const zipPath = handed.headers.get('x-accel-redirect')!
    expect((await fetch(nginx.url + zipPath)).status).toBe(404)
  })

  it('still answers 410 past the limit and for an expired link', async () => {
    const token = await grant(site, 'nginx-late@example.com', [release.id])
    await sql(`UPDATE download_links SET expires_at = now() - interval '1 second' WHERE email = $1`, [
      'nginx-late@example.com',
    ])
    const res = await fetch(nginx.url + zipUrl(token))
    expect(res.status).toBe(410)
  })
})
