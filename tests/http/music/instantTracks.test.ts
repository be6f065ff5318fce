import { beforeAll, describe, expect, it } from 'vitest'

import { poolOf } from '../../../src/platform/jobs/advisoryLock'
import { useAdminSite } from '../../helpers/adminSite'
import { probe } from '../../helpers/audio'
import { Buyer } from '../../helpers/checkout'
import { CUSTOMER } from '../../helpers/checkoutForm'
import { releaseWithTracks, unzip, waitForZip } from '../../helpers/downloads'
import { recipients } from '../../helpers/smtp'

/**
 * A pre-order with an instant track: the buyer's confirmation carries a link at once, whose answer
 * and page list the release as "Out on <date>" with only its instant track, downloadable alone as
 * MP3 320 or FLAC (with Range, counted against the release's limit); the other track and the zips
 * wait for the day. Once the release date has come, the zips work and the instant list is empty.
 */

const site = useAdminSite({ env: { PAYMENT_PROVIDER: 'test' } })
const sql = async (text: string, values: unknown[] = []) => (await poolOf(site.payload).query(text, values)).rows
const { shippingAddress: _address, ...contact } = CUSTOMER
const EMAIL = 'early.fan@example.com'

let release: { id: string }
let instantId: string
let laterId: string
let band: string
let token: string

const trackUrl = (trackId: string, format = 'mp3-320') =>
  `/api/downloads/${token}/${release.id}/tracks/${trackId}/${format}`
const zipUrl = (format = 'mp3-320') => `/api/downloads/${token}/${release.id}/${format}`
const answer = async () => site.fresh().json('GET', `/api/downloads/${token}`)

beforeAll(async () => {
  band = (await site.owner.json('GET', '/api/admin/band-profile')).body.name
  release = await releaseWithTracks(site, ['Early Bird', 'Late Show'], {
    title: 'Next Year',
    releaseDate: '2031-06-01',
  })
  const tracks = (await site.owner.json('GET', `/api/admin/releases/${release.id}`)).body.tracks as { id: string }[]
  instantId = tracks[0]!.id
  laterId = tracks[1]!.id
  const marked = await site.owner.json('PUT', `/api/admin/releases/${release.id}/tracks/${instantId}`, {
    instant: true,
  })
  expect(marked.status, JSON.stringify(marked.body)).toBe(200)

  // A paid order of the release, years before its date.
  const buyer = new Buyer(site.server.url, { forwardedFor: '198.19.9.1' })
  const created = await buyer.json('POST', '/api/orders', {
    ...contact,
    customerEmail: EMAIL,
    items: [{ releaseId: release.id, quantity: 1, price: '9.99' }],
    digitalConsent: true,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  await buyer.post('/api/checkout/bind', { orderId: created.body.id })
  const payment = await buyer.json('POST', '/api/paypal/order', { amount: '9.99', currency: 'USD', intent: 'CAPTURE' })
  const captured = await buyer.json('POST', `/api/paypal/order/${payment.body.id}/capture`)
  expect(captured.body.status, JSON.stringify(captured.body)).toBe('paid')
}, 180_000)

describe('a pre-order with an instant track', () => {
  it('mails the confirmation with a link at once, saying what is available now', async () => {
    const mail = await site.mailbox.waitFor(
      (m) => recipients(m).includes(EMAIL) && (m.subject ?? '').startsWith('Your order #'),
    )
    const text = typeof mail.text === 'string' ? mail.text : ''
    const link = /Your downloads: \S+\/downloads\/([\w-]+)/.exec(text)
    expect(link, text).not.toBeNull()
    token = link![1]!
    expect(text).toContain(
      'Next Year is out on June 1, 2031. Available now: "Early Bird"; the rest comes on the release date.',
    )
    expect(text).not.toContain('Your download arrives on')
    expect(mail.html).toContain(`/downloads/${token}`)
  })

  it('lists the release as a pre-order with only its instant track, and no zips', async () => {
    const { status, body } = await answer()
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.releases).toEqual([
      {
        id: release.id,
        title: 'Next Year',
        artworkUrl: expect.any(String),
        downloadsLeft: 10,
        formats: [],
        availableOn: '2031-06-01',
        tracks: [
          {
            id: instantId,
            title: 'Early Bird',
            position: 1,
            formats: [
              { format: 'mp3-320', url: trackUrl(instantId) },
              { format: 'flac', url: trackUrl(instantId, 'flac') },
            ],
          },
        ],
      },
    ])

    const page = await site.fresh().get(`/downloads/${token}`)
    const html = await page.text()
    expect(page.status).toBe(200)
    expect(html).toContain('<h2>Next Year</h2>')
    expect(html).toContain('Out on June 1, 2031')
    expect(html).toContain('Early Bird')
    expect(html).toContain(`href="${trackUrl(instantId)}"`)
    expect(html).toContain(`href="${trackUrl(instantId, 'flac')}"`)
    expect(html).not.toContain('Late Show')
    expect(html).not.toContain(`href="${zipUrl()}"`)
  })
})

describe('the instant track through the link', () => {
  it('streams the instant track as a tagged MP3 and as FLAC, named after the band and track', async () => {
    const mp3 = await site.fresh().get(trackUrl(instantId))
    const bytes = Buffer.from(await mp3.arrayBuffer())
    expect(mp3.status).toBe(200)
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg')
    expect(mp3.headers.get('content-length')).toBe(String(bytes.length))
    expect(mp3.headers.get('content-disposition')).toContain(`filename="${band} - Early Bird.mp3"`)
    expect((await probe(bytes)).tags).toMatchObject({ title: 'Early Bird', album: 'Next Year' })

    const flac = await site.fresh().get(trackUrl(instantId, 'flac'))
    expect(flac.status).toBe(200)
    expect(flac.headers.get('content-disposition')).toContain(`filename="${band} - Early Bird.flac"`)
    expect(
      Buffer.from(await flac.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('fLaC')
    // Each transfer from the first byte is one download of the release.
    expect((await answer()).body.releases[0].downloadsLeft).toBe(8)
  })

  it('answers Range with 206 (only the first byte counts) and 416 past the end', async () => {
    const whole = Buffer.from(await (await site.fresh().get(trackUrl(instantId))).arrayBuffer())
    const part = await site.fresh().get(trackUrl(instantId), { Range: 'bytes=100-' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-${whole.length - 1}/${whole.length}`)
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(100))
    expect((await answer()).body.releases[0].downloadsLeft).toBe(7)
    const past = await site.fresh().get(trackUrl(instantId), { Range: `bytes=${whole.length}-` })
    expect(past.status).toBe(416)
  })

  it('refuses the other track, an unknown format or track, and the zips before the day', async () => {
    for (const url of [
      trackUrl(laterId),
      trackUrl(laterId, 'flac'),
      trackUrl(instantId, 'wav'),
      trackUrl('not-a-track'),
      trackUrl('00000000-0000-4000-8000-000000000000'),
    ]) {
      const res = await site.fresh().json('GET', url)
      expect(res.status, url).toBe(404)
      expect(res.body.message, url).toBe('Track not found')
    }
    for (const format of ['mp3-320', 'flac']) {
      const res = await site.fresh().json('GET', zipUrl(format))
      expect(res.status).toBe(404)
      expect(res.body.message).toBe('This release is not out yet: the whole release downloads from its release date.')
    }
    const stranger = await site.fresh().json('GET', `/api/downloads/nope/${release.id}/tracks/${instantId}/flac`)
    expect(stranger.status).toBe(404)
  })
})

describe('on the release date', () => {
  it('gives the zips, and no longer lists instant tracks', async () => {
    await sql(`UPDATE releases SET release_date = to_char(current_date - 1, 'YYYY-MM-DD') WHERE id = $1`, [release.id])
    await sql(`UPDATE download_grants SET available_on = current_date - 1 WHERE release_id = $1`, [release.id])
    const { body } = await answer()
    expect(body.releases).toMatchObject([
      {
        id: release.id,
        availableOn: null,
        tracks: [],
        formats: [
          { format: 'mp3-320', url: zipUrl() },
          { format: 'flac', url: zipUrl('flac') },
        ],
      },
    ])
    await waitForZip(site, zipUrl())
    const zip = await site.fresh().get(zipUrl())
    expect(zip.status).toBe(200)
    expect([...(await unzip(Buffer.from(await zip.arrayBuffer()))).keys()]).toEqual([
      '01 Early Bird.mp3',
      '02 Late Show.mp3',
      'cover.png',
    ])
    const html = await (await site.fresh().get(`/downloads/${token}`)).text()
    expect(html).not.toContain('Out on')
    expect(html).toContain(`href="${zipUrl('flac')}"`)

    // The release-day email still comes, once.
    await site.mailbox.waitFor((m) => recipients(m).includes(EMAIL) && m.subject === 'Next Year is out today', 60_000)
    await new Promise((r) => setTimeout(r, 3000))
    expect(site.mailbox.messages.filter((m) => m.subject === 'Next Year is out today')).toHaveLength(1)
  }, 120_000)
})
