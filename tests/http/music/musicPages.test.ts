import { gunzipSync } from 'node:zlib'

import { beforeAll, describe, expect, it } from 'vitest'

import { PUBLIC_CACHE_CONTROL } from '@/platform/http/caching'

import { useAdminSite } from '../../helpers/adminSite'
import { settledTrack, sineWav, uploadAudio } from '../../helpers/audio'
import { createRelease } from '../../helpers/music'

/**
 * The public music pages: /music lists the active releases, /music/{slug} shows one with its
 * tracks, durations, price, native audio before the script and its MusicAlbum data; the landing
 * page gets a Music section once a release has a ready track.
 */

// It begins with the empty music page: a site of its own.
const site = useAdminSite({ own: true })
let wav: Buffer
let bandName: string

beforeAll(async () => {
  wav = await sineWav(3)
  bandName = (await site.fresh().json('GET', '/api/band-profile')).body?.name || 'Band Name'
})

const release = (data: Record<string, unknown> = {}) => createRelease(site.owner, data)

async function readyTrack(releaseId: string, title: string, streaming: string) {
  const audioURL = await uploadAudio(site.owner, wav)
  const added = await site.owner.json('POST', `/api/admin/releases/${releaseId}/tracks`, { title, audioURL, streaming })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  const track = await settledTrack(site.owner, releaseId, added.body.id)
  expect(track.status, JSON.stringify(track)).toBe('ready')
  return track
}

const page = async (path: string) => {
  const res = await site.fresh().request('GET', path)
  return { res, html: await res.text() }
}

const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, any>,
  )

const streamPath = (releaseId: string, trackId: string) => `/api/releases/${releaseId}/tracks/${trackId}/stream`

let album: { id: string; slug: string }
let tracks: Record<string, any>[]

describe('the music list', () => {
  it('say there is no music yet, and the landing page has no Music section, until a release has a ready track', async () => {
    const { res, html } = await page('/music')
    expect(res.status).toBe(200)
    expect(html).toContain('No releases yet.')
    await release({ title: 'Empty Shelf', releaseDate: '2026-01-01' })
    expect((await page('/music')).html).toContain('Empty Shelf')
    expect((await page('/')).html).not.toContain('id="music-heading"')
  })

  it('list active releases newest first with type, date and price, and hide inactive ones', async () => {
    album = await release({ title: 'Night Drive', releaseDate: '2027-03-14' })
    tracks = [
      await readyTrack(album.id, 'Opening Lights', 'preview'),
      await readyTrack(album.id, 'Closing Time', 'full'),
      await readyTrack(album.id, 'Hidden Demo', 'none'),
    ]
    await release({
      title: 'Pay What You Like',
      type: 'EP',
      releaseDate: '2026-06-01',
      pricing: { mode: 'nameYourPrice', minimum: '5.00', suggested: '8.00' },
    })
    await release({ title: 'Secret Sessions', releaseDate: '2028-01-01', isActive: false })

    const { res, html } = await page('/music')
    expect(res.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(html).not.toContain('Secret Sessions')
    expect(html).not.toContain('No releases yet.')
    const at = (text: string) => html.indexOf(text)
    expect(at('Night Drive')).toBeGreaterThan(0)
    expect(at('Night Drive')).toBeLessThan(at('Pay What You Like'))
    expect(at('Pay What You Like')).toBeLessThan(at('Empty Shelf'))
    expect(html).toContain(`href="/music/${album.slug}"`)
    expect(html).toContain('Album · March 14, 2027')
    expect(html).toContain('EP · June 1, 2026')
    expect(html).toContain('$9.99')
    expect(html).toContain('Name your price (min $5.00)')
  })
})

describe('a release page', () => {
  it("shows the release's tracks with durations, native audio for the playable ones, and the price", async () => {
    const { res, html } = await page(`/music/${album.slug}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
    // Its one inline script, the islands loader, is allowed by its hash: no nonce, no 'unsafe-inline'.
    const scriptSrc = /script-src [^;]*/.exec(res.headers.get('content-security-policy') ?? '')![0]
    expect(scriptSrc).toMatch(/^script-src 'self' 'sha256-[^']+'$/)
    expect(html).toContain('<h1 class="font-heading text-3xl font-bold leading-tight">Night Drive</h1>')
    for (const title of ['Opening Lights', 'Closing Time', 'Hidden Demo']) expect(html).toContain(title)
    expect(html.match(/>0:03</g)).toHaveLength(3)
    expect(html).toContain(`src="${streamPath(album.id, tracks[0]!.id)}"`)
    expect(html).toContain(`src="${streamPath(album.id, tracks[1]!.id)}"`)
    expect(html).not.toContain(streamPath(album.id, tracks[2]!.id))
    expect(html.match(/<audio controls="" preload="none"/g)).toHaveLength(2)
    expect(html).toContain('$9.99')
    // The Buy button waits for the page's script (the cart lives in the browser).
    expect(html).toMatch(/<button[^>]*type="submit" disabled="">Buy<\/button>/)

    const nyp = (await page('/music/pay-what-you-like')).html
    expect(nyp).toContain('Name your price (min $5.00)')
    expect(nyp).toMatch(/<input id="release-amount"[^>]*min="5.00"[^>]*value="8.00"/)
    expect(nyp).toContain('No tracks yet.')
  })

  it('describes the release as a MusicAlbum with its tracks and offer', async () => {
    const [albumData, ...rest] = jsonLd((await page(`/music/${album.slug}`)).html)
    expect(rest).toHaveLength(0)
    expect(albumData).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'MusicAlbum',
      name: 'Night Drive',
      url: `${site.server.url}/music/${album.slug}`,
      byArtist: { '@type': 'MusicGroup', name: bandName },
      datePublished: '2027-03-14',
      numTracks: 3,
      offers: { '@type': 'Offer', price: '9.99', priceCurrency: 'USD' },
    })
    expect(albumData!.track).toEqual([
      { '@type': 'MusicRecording', name: 'Opening Lights', position: 1, duration: 'PT3S' },
      { '@type': 'MusicRecording', name: 'Closing Time', position: 2, duration: 'PT3S' },
      { '@type': 'MusicRecording', name: 'Hidden Demo', position: 3, duration: 'PT3S' },
    ])
    const [nyp] = jsonLd((await page('/music/pay-what-you-like')).html)
    expect(nyp).toMatchObject({ numTracks: 0, offers: { price: '5.00', priceCurrency: 'USD' } })
  })

  it('answers an unknown, malformed or inactive release with the 404 card', async () => {
    for (const slug of ['no-such-release', 'BAD%20slug', 'x'.repeat(200), 'secret-sessions']) {
      const { res, html } = await page(`/music/${slug}`)
      expect(res.status, slug).toBe(404)
      expect(html, html.slice(0, 2000)).toContain('Page Not Found')
    }
  })

  it('shows a change at once: a renamed release and a track made unplayable', async () => {
    await site.owner.json('PUT', `/api/admin/releases/${album.id}`, { title: 'Night Drive Remastered' })
    await site.owner.json('PUT', `/api/admin/releases/${album.id}/tracks/${tracks[1]!.id}`, { streaming: 'none' })
    const { html } = await page(`/music/${album.slug}`)
    expect(html).toContain('Night Drive Remastered')
    expect(html).not.toContain(streamPath(album.id, tracks[1]!.id))
    expect((await page('/music')).html).toContain('Night Drive Remastered')
  })

  it('is in the sitemap with the list', async () => {
    const xml = await (await site.fresh().request('GET', '/sitemap.xml')).text()
    expect(xml).toContain(`<loc>${site.server.url}/music</loc>`)
    expect(xml).toContain(`<loc>${site.server.url}/music/${album.slug}</loc>`)
    expect(xml).not.toContain('secret-sessions')
  })
})

describe("the landing page's Music section", () => {
  it('shows the latest release with a ready track, its tracks and native audio, linking to its page', async () => {
    const { html } = await page('/')
    expect(html).toContain('id="music-heading"')
    expect(html).toContain(`href="/music/${album.slug}"`)
    expect(html).toContain('Night Drive Remastered')
    expect(html).toContain(`src="${streamPath(album.id, tracks[0]!.id)}"`)
    // The newer inactive release and the track-less ones are not the one shown.
    expect(html).not.toContain('Secret Sessions')
  })

  it("loads the player's code only on first play: the script the page loads holds none of it", async () => {
    const { html } = await page('/')
    const manifest = JSON.parse(
      /<script type="application\/json" id="islands-manifest">(.*?)<\/script>/s.exec(html)![1]!,
    )
    const files = [manifest.script as string, ...(manifest.preload as string[])]
    for (const file of files) {
      const res = await site.fresh().request('GET', file, undefined, { 'accept-encoding': 'identity' })
      expect(res.status, file).toBe(200)
      const body = Buffer.from(await res.arrayBuffer())
      const text = res.headers.get('content-encoding') === 'gzip' ? gunzipSync(body).toString() : body.toString()
      expect(text, file).not.toContain('Seek in ')
    }
  })
})
