import { TZDate } from '@date-fns/tz'
import { expect, test as base, type Page } from '@playwright/test'

import { Client } from '../helpers/http'

import { test } from './fixtures'
import { OWNER, openTab, signIn, startSite, type Site } from './support'

/**
 * A show has its own time zone or follows the band's (Band Profile): every page, calendar and
 * structured datum reads its start in that zone, and a show without its own moves with the band's.
 */

/** "20261207T040000Z": an instant as the calendar files write it. */
const icsInstant = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** The UTC instant of a local time on a show's day in a time zone. */
const localInstant = (day: string, hour: number, minute: number, zone: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return new Date(new TZDate(y, m - 1, d, hour, minute, 0, zone).getTime())
}

const dtStart = (ics: string) => /^DTSTART[^:\r\n]*:(.+)$/m.exec(ics)?.[1]?.trim()

/** Every schema.org MusicEvent in the page's JSON-LD. */
async function musicEvents(page: Page): Promise<{ name: string; startDate: string }[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents()
  const found: { name: string; startDate: string }[] = []
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk)
    else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>
      if (record['@type'] === 'MusicEvent') found.push(record as { name: string; startDate: string })
      Object.values(record).forEach(walk)
    }
  }
  for (const block of blocks) walk(JSON.parse(block))
  return found
}

test.describe('the demo band plays in Portland: its shows read Pacific time', () => {
  test.describe.configure({ timeout: 60_000 })
  const TITLE = 'Neon Lullabies Release Show'

  test('/shows, the show page, its JSON-LD and its calendar file give 8:00 PM in Portland', async ({
    page,
    request,
  }) => {
    const shows = (await (await request.get('/api/shows')).json()) as { title: string; date: string; slug: string }[]
    const show = shows.find((s) => s.title === TITLE)!
    expect(show, 'the demo show is listed').toBeTruthy()
    const day = show.date.slice(0, 10)
    const start = localInstant(day, 20, 0, 'America/Los_Angeles')

    await page.goto('/shows')
    const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: TITLE }) })
    await expect(row).toContainText(/8:00 PM P[SD]T/)

    await page.goto(`/shows/${show.slug}`)
    await expect(page.getByText(/8:00 PM P[SD]T/).first()).toBeVisible()
    const [event] = (await musicEvents(page)).filter((e) => e.name === TITLE)
    expect(event?.startDate).toMatch(new RegExp(`^${day}T20:00:00-0[78]:00$`))

    await page.goto('/')
    const [landingEvent] = (await musicEvents(page)).filter((e) => e.name === TITLE)
    expect(landingEvent?.startDate).toMatch(new RegExp(`^${day}T20:00:00-0[78]:00$`))

    const ics = await (await request.get(`/shows/${show.slug}/event.ics`)).text()
    expect(dtStart(ics)).toBe(icsInstant(start))
    const feed = await (await request.get('/shows.ics')).text()
    expect(feed).toContain(`DTSTART:${icsInstant(start)}`)
  })
})

base.describe("changing the band's time zone", () => {
  base.describe.configure({ mode: 'serial', timeout: 120_000 })

  let site: Site
  let team: Client
  /** A winter day next year, so the zones' names are their standard ones (CST, EST). */
  const day = `${new Date().getUTCFullYear() + 1}-01-15`
  let follows: { id: string; slug: string }
  let own: { id: string; slug: string }

  base.beforeAll(async () => {
    base.setTimeout(120_000)
    site = await startSite()
    team = new Client(site.url)
    expect((await team.post('/api/auth/login', OWNER)).status).toBe(200)
    const profile = await team.json('PUT', '/api/admin/band-profile', {
      name: 'The Midnight Static',
      timeZone: 'America/Chicago',
    })
    expect(profile.status, JSON.stringify(profile.body)).toBe(200)
    const show = async (title: string, time: string, timeZone?: string) => {
      const made = await team.json('POST', '/api/admin/shows', {
        title,
        venue: 'Metro',
        date: day,
        time,
        city: 'Chicago',
        state: 'IL',
        isActive: true,
        ...(timeZone ? { timeZone } : {}),
      })
      expect(made.status, JSON.stringify(made.body)).toBe(201)
      return made.body as { id: string; slug: string }
    }
    follows = await show('Follows the Band', '7:00 PM')
    own = await show('Berlin Night', '9:00 PM', 'Europe/Berlin')
  })

  base.afterAll(async () => {
    await site?.stop()
  })

  const calendarStart = async (slug: string) => dtStart(await (await team.get(`/shows/${slug}/event.ics`)).text())

  base(
    'a show without its own zone moves with the band’s; one with its own stays; the Shows tab names each zone',
    async ({ page }) => {
      await signIn(page, site, OWNER.email, OWNER.password)
      await openTab(page, 'Shows')
      const list = page.getByRole('list', { name: 'Shows' })
      const followsCard = list.getByRole('listitem').filter({ hasText: 'Follows the Band' })
      const ownCard = list.getByRole('listitem').filter({ hasText: 'Berlin Night' })
      await expect(followsCard).toContainText('America/Chicago')
      await expect(followsCard).toContainText("band's")
      await expect(ownCard).toContainText('Europe/Berlin')

      await page.goto(`${site.url}/shows/${follows.slug}`)
      await expect(page.getByText('7:00 PM CST').first()).toBeVisible()
      expect(await calendarStart(follows.slug)).toBe(icsInstant(localInstant(day, 19, 0, 'America/Chicago')))

      await page.goto(`${site.url}/admin`)
      await openTab(page, 'Band Profile')
      await page.getByRole('button', { name: 'Edit Profile' }).click()
      const dialog = page.getByRole('dialog', { name: 'Edit Band Profile' })
      await dialog.getByLabel('Time zone of your shows').fill('America/New_York')
      await dialog.getByRole('button', { name: 'Save Profile' }).click()
      await expect(dialog).toBeHidden()

      await openTab(page, 'Shows')
      await expect(followsCard).toContainText('America/New_York')
      await expect(ownCard).toContainText('Europe/Berlin')

      // The public pages are rebuilt within seconds of the change.
      await expect(async () => {
        await page.goto(`${site.url}/shows/${follows.slug}`)
        await expect(page.getByText('7:00 PM EST').first()).toBeVisible({ timeout: 1000 })
      }).toPass({ timeout: 20_000 })
      expect(await calendarStart(follows.slug)).toBe(icsInstant(localInstant(day, 19, 0, 'America/New_York')))

      await page.goto(`${site.url}/shows/${own.slug}`)
      await expect(page.getByText('9:00 PM GMT+1').first()).toBeVisible()
      expect(await calendarStart(own.slug)).toBe(icsInstant(localInstant(day, 21, 0, 'Europe/Berlin')))
    },
  )
})
