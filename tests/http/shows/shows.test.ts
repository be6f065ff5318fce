import { beforeAll, describe, expect, it } from 'vitest'

import { PUBLIC_CACHE_CONTROL } from '@/platform/http/caching'

import { useAdminSite } from '../../helpers/adminSite'
import type { Client } from '../../helpers/http'
import type { TestServer } from '../../helpers/server'

import { addShows, calendar, events, STATES, type ShowAnswer } from './showsSteps'

/**
 * Shows with real start times and states, on the public page, on their own pages, in the JSON-LD
 * and in the calendar feed, against the production server.
 */

// The worker's shared site: the shows are the file's own, and the band's time zone is put back.
const site = useAdminSite({ restores: ['/api/admin/band-profile'] })
let server: TestServer
let visitor: Client
let owner: Client
const YEAR = new Date().getUTCFullYear() + 1
const PORTLAND = 'America/Los_Angeles'

async function addShow(data: Record<string, unknown>): Promise<ShowAnswer> {
  const { status, body } = await owner.json('POST', '/api/admin/shows', {
    venue: 'Doug Fir Lounge',
    city: 'Portland',
    state: 'OR',
    timeZone: PORTLAND,
    time: '7:00 PM',
    ...data,
  })
  expect(status, JSON.stringify(body)).toBe(201)
  return body as ShowAnswer
}

const page = async (path: string) => {
  const res = await visitor.request('GET', path)
  return { res, html: await res.text() }
}

let winter: ShowAnswer
let summer: ShowAnswer
const states: Record<string, ShowAnswer> = {}

beforeAll(async () => {
  server = site.server
  visitor = site.fresh()
  owner = site.owner
  ;({ winter, summer } = await addShows(addShow, states, YEAR))
}, 240_000)

describe('start times', () => {
  it('reads 7:00 PM in Portland as 7 PM Pacific time, in winter and in summer', () => {
    expect(winter).toMatchObject({ timeZone: PORTLAND, status: 'scheduled', startsAt: `${YEAR}-12-08T03:00:00.000Z` })
    expect(winter.slug).toBe(`winter-static-${YEAR}-12-07`)
    expect(summer.startsAt).toBe(`${YEAR}-07-08T02:00:00.000Z`)
  })

  it('publishes them with their UTC offset on the public page, and on each show page', async () => {
    const home = events((await page('/')).html)
    expect(home.find((e) => e.name === 'Winter Static')).toMatchObject({
      startDate: `${YEAR}-12-07T19:00:00-08:00`,
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Doug Fir Lounge',
        address: { '@type': 'PostalAddress', addressLocality: 'Portland', addressRegion: 'OR' },
      },
      offers: { '@type': 'Offer', url: 'https://tickets.example/w', availability: 'https://schema.org/InStock' },
      performer: { '@type': 'MusicGroup', name: 'The Midnight Static' },
      organizer: { name: 'The Midnight Static' },
      url: `${server.url}/shows/${winter.slug}`,
    })
    expect(home.find((e) => e.name === 'Summer Static')!.startDate).toBe(`${YEAR}-07-07T19:00:00-07:00`)

    const { res, html } = await page(`/shows/${winter.slug}`)
    expect(res.status).toBe(200)
    expect(events(html)).toHaveLength(1)
    expect(events(html)[0]!.startDate).toBe(`${YEAR}-12-07T19:00:00-08:00`)
    expect(html).toContain('7:00 PM PST')
    expect(events((await page(`/shows/${summer.slug}`)).html)[0]!.startDate).toBe(`${YEAR}-07-07T19:00:00-07:00`)
  })

  it('refuses bad values with a 400 and one message per field', async () => {
    const { status, body } = await owner.json('POST', '/api/admin/shows', {
      title: 'Bad',
      venue: 'V',
      date: `${YEAR}-01-01`,
      timeZone: 'Mars/Olympus',
      status: 'sleeping',
    })
    expect(status).toBe(400)
    expect(JSON.stringify(body)).toMatch(/timeZone/)
    expect(JSON.stringify(body)).toMatch(/status/)
    const online = await owner.json('POST', '/api/admin/shows', {
      title: 'Bad',
      venue: 'V',
      date: `${YEAR}-01-01`,
      status: 'movedOnline',
    })
    expect(online.status).toBe(400)
    expect(JSON.stringify(online.body)).toMatch(/streamUrl/)
  })
})

describe('start times', () => {
  it("starts a show with no time zone of its own in the band's, set in the band profile, and moves it when that changes", async () => {
    const profile = await owner.json('GET', '/api/admin/band-profile')
    const bad = await owner.json('PUT', '/api/admin/band-profile', {
      name: profile.body?.name ?? 'The Band',
      timeZone: 'Mars/Olympus',
      updatedAt: profile.body?.updatedAt ?? null,
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toMatch(/timeZone/)
    const saved = await owner.json('PUT', '/api/admin/band-profile', {
      name: profile.body?.name ?? 'The Band',
      timeZone: 'Europe/Berlin',
      updatedAt: profile.body?.updatedAt ?? null,
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body.timeZone).toBe('Europe/Berlin')
    const show = await addShow({ title: 'Berlin Night', date: `${YEAR}-01-20`, time: '20:00', timeZone: '' })
    expect(show).toMatchObject({
      timeZone: null,
      effectiveTimeZone: 'Europe/Berlin',
      startsAt: `${YEAR}-01-20T19:00:00.000Z`,
    })
    const cleared = await owner.json('PUT', '/api/admin/band-profile', {
      name: saved.body.name,
      timeZone: '',
      updatedAt: saved.body.updatedAt,
    })
    expect(cleared.status).toBe(200)
    expect(cleared.body.timeZone).toBeNull()
    const { body: shows } = await owner.json<ShowAnswer[]>('GET', '/api/admin/shows')
    expect(shows.find((s) => s.id === show.id)).toMatchObject({
      timeZone: null,
      effectiveTimeZone: 'UTC',
      startsAt: `${YEAR}-01-20T20:00:00.000Z`,
      sequence: 1,
    })
  })

  it('answers the new fields in the public GET /api/shows', async () => {
    const { body } = await visitor.json<ShowAnswer[]>('GET', '/api/shows')
    expect(body.find((s) => s.id === states.rescheduled!.id)).toMatchObject({
      status: 'rescheduled',
      timeZone: PORTLAND,
      previousDate: `${YEAR}-08-04T12:00:00.000Z`,
      slug: `rescheduled-night-${YEAR}-08-10`,
      startsAt: `${YEAR}-08-11T02:00:00.000Z`,
    })
  })
})

describe('states', () => {
  const expected = STATES

  it('shows each state on the public card and in its JSON-LD', async () => {
    const { html } = await page('/')
    const ld = events(html)
    for (const [state, { label, eventStatus }] of Object.entries(expected)) {
      const show = states[state]!
      expect(html, state).toMatch(new RegExp(`data-testid="show-status"[^>]*>${label}</span>`))
      expect(
        ld.find((e) => e.name === show.title),
        state,
      ).toMatchObject({
        eventStatus: `https://schema.org/${eventStatus}`,
      })
    }
    const sold = ld.find((e) => e.name === 'Sold Out Night')!
    expect(sold.offers.availability).toBe('https://schema.org/SoldOut')
    // Its offer still names where tickets were sold, but the card links there no more.
    expect(html).not.toContain('href="https://tickets.example/sold"')
    expect(ld.find((e) => e.name === 'Rescheduled Night')!.previousStartDate).toBe(`${YEAR}-08-04T19:00:00-07:00`)
    expect(ld.find((e) => e.name === 'Online Night')).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://stream.example/live' },
    })
  })

  it('shows each state on its page', async () => {
    for (const [state, { label, eventStatus }] of Object.entries(expected)) {
      const show = states[state]!
      const { res, html } = await page(`/shows/${show.slug}`)
      expect(res.status, state).toBe(200)
      expect(html, state).toMatch(new RegExp(`data-testid="show-status"[^>]*>${label}</span>`))
      expect(events(html)[0]!.eventStatus, state).toBe(`https://schema.org/${eventStatus}`)
    }
    const sold = (await page(`/shows/${states.soldOut!.slug}`)).html
    expect(sold).toContain('data-testid="sold-out"')
    expect(sold).not.toContain('href="https://tickets.example/sold"')
    expect((await page(`/shows/${states.movedOnline!.slug}`)).html).toContain('https://stream.example/live')
  })

  it('shows each state in the feed', async () => {
    const res = await visitor.request('GET', '/shows.ics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/)
    const feed = calendar(await res.text())
    const host = new URL(server.url).host
    for (const [state, { label, ics }] of Object.entries(expected)) {
      const event = feed.find((e) => e.uid === `show-${states[state]!.id}@${host}`)
      expect(event, state).toBeDefined()
      expect(event!.status, state).toBe(ics)
      expect(event!.summary, state).toContain(`(${label})`)
    }
  })
})

describe('the calendar feed', () => {
  it('lists every public show with a stable UID, its UTC start, venue and page', async () => {
    const text = await (await visitor.request('GET', '/shows.ics')).text()
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    const feed = calendar(text)
    const host = new URL(server.url).host
    const event = feed.find((e) => e.uid === `show-${winter.id}@${host}`)!
    expect(event).toMatchObject({
      start: `${YEAR}-12-08T03:00:00.000Z`,
      startZone: 'UTC',
      sequence: 0,
      status: 'CONFIRMED',
      location: 'Doug Fir Lounge, Portland, OR',
      url: `${server.url}/shows/${winter.slug}`,
    })
    expect(feed.find((e) => e.uid === `show-${summer.id}@${host}`)!.start).toBe(`${YEAR}-07-08T02:00:00.000Z`)
    // The seeded shows are there too.
    expect(feed.length).toBeGreaterThanOrEqual(7 + 3)
  })

  it('raises the SEQUENCE when a show changes, and the UID stays', async () => {
    const host = new URL(server.url).host
    const uid = `show-${winter.id}@${host}`
    const { status } = await owner.json('PUT', `/api/admin/shows/${winter.id}`, { status: 'cancelled' })
    expect(status).toBe(200)
    const after = calendar(await (await visitor.request('GET', '/shows.ics')).text()).find((e) => e.uid === uid)!
    expect(after.sequence).toBe(1)
    expect(after.status).toBe('CANCELLED')
    await owner.json('PUT', `/api/admin/shows/${winter.id}`, { status: 'scheduled' })
    const again = calendar(await (await visitor.request('GET', '/shows.ics')).text()).find((e) => e.uid === uid)!
    expect(again.sequence).toBe(2)
    expect(again.status).toBe('CONFIRMED')
  })

  it('offers each show alone from its page, as the same event', async () => {
    const { html } = await page(`/shows/${summer.slug}`)
    expect(html).toContain(`href="/shows/${summer.slug}/event.ics"`)
    expect(html).toMatch(
      /href="https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE[^"]*dates=\d{8}T020000Z/,
    )
    const res = await visitor.request('GET', `/shows/${summer.slug}/event.ics`)
    expect(res.status).toBe(200)
    const [event, ...rest] = calendar(await res.text())
    expect(rest).toHaveLength(0)
    expect(event).toMatchObject({
      uid: `show-${summer.id}@${new URL(server.url).host}`,
      start: `${YEAR}-07-08T02:00:00.000Z`,
    })
  })
})

describe('the shows pages', () => {
  it('lists upcoming shows, then past ones newest first, with the webcal feed; the card links to it', async () => {
    const old = await addShow({ title: 'Old Times', date: '2020-05-01' })
    const older = await addShow({ title: 'Older Times', date: '2019-05-01' })
    const { res, html } = await page('/shows')
    expect(res.status).toBe(200)
    expect(html).toContain(`href="webcal://${new URL(server.url).host}/shows.ics"`)
    const upcoming = html.indexOf('Upcoming Shows')
    const past = html.indexOf('Past Shows')
    expect(upcoming).toBeGreaterThan(0)
    expect(past).toBeGreaterThan(upcoming)
    expect(html.indexOf('Summer Static')).toBeLessThan(html.indexOf('Winter Static'))
    expect(html.indexOf('Winter Static')).toBeLessThan(past)
    expect(html.indexOf(`/shows/${old.slug}"`)).toBeGreaterThan(past)
    expect(html.indexOf(`/shows/${old.slug}"`)).toBeLessThan(html.indexOf(`/shows/${older.slug}"`))
    // Past shows stay off the public page, which links to the list.
    const home = (await page('/')).html
    expect(home).not.toContain('Old Times')
    expect(home).toContain('href="/shows"')
  })

  it('are static pages with no script, sent like the public page, with Open Graph tags', async () => {
    const { res, html } = await page(`/shows/${summer.slug}`)
    expect(res.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'/)
    expect(res.headers.get('content-security-policy')).not.toMatch(/nonce/)
    expect(html).not.toMatch(/<script(?![^>]*application\/(ld\+)?json)/)
    expect(html, html.slice(0, 3000)).toMatch(
      /<meta property="og:title" content="Summer Static · The Midnight Static"[^>]*>/,
    )
    expect(html).toContain(`<link rel="canonical" href="${server.url}/shows/${summer.slug}"`)
    expect((await visitor.request('GET', '/shows')).headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL)
  })

  it('shows a change at once (the shows tag drops the cached pages)', async () => {
    await owner.json('PUT', `/api/admin/shows/${summer.id}`, { title: 'Summer Static Renamed' })
    expect((await page(`/shows/${summer.slug}`)).html).toContain('Summer Static Renamed')
    expect((await page('/shows')).html).toContain('Summer Static Renamed')
  })

  it('answers an unknown or inactive show with the 404 card', async () => {
    for (const slug of ['no-such-show-2020-01-01', 'BAD%20slug', 'x'.repeat(200)]) {
      const { res, html } = await page(`/shows/${slug}`)
      expect(res.status, slug).toBe(404)
      expect(html, html.slice(0, 3000)).toContain('Page Not Found')
    }
    const hidden = await addShow({ title: 'Hidden', date: `${YEAR}-09-09`, isActive: false })
    expect((await page(`/shows/${hidden.slug}`)).res.status).toBe(404)
    expect((await visitor.request('GET', `/shows/${hidden.slug}/event.ics`)).status).toBe(404)
  })

  it('are in the sitemap', async () => {
    const xml = await (await visitor.request('GET', '/sitemap.xml')).text()
    expect(xml).toContain(`<loc>${server.url}/shows</loc>`)
    for (const show of [winter, summer, states.cancelled!])
      expect(xml).toContain(`<loc>${server.url}/shows/${show.slug}</loc>`)
  })
})
