import { expect, test, type Page } from '@playwright/test'

import { Client } from '../helpers/http'

import { waitForHydration } from './fixtures'
import { addTrack, createRelease, NAME_YOUR_PRICE } from './music'
import { expectAccessible, OWNER, startSite, type Site } from './support'

/**
 * A fan opens /music, opens a release and listens: a preview plays in the page's player, Next and
 * the seek slider work from the keyboard, and without JavaScript the page still lists the tracks
 * with the browser's own audio controls.
 */

const audioState = (page: Page) =>
  page.locator('[data-testid="music-player"] audio').evaluate((a: HTMLAudioElement) => ({
    time: a.currentTime,
    paused: a.paused,
    src: a.currentSrc,
  }))

test.describe('listening to a release', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 })
  let site: Site
  let slug: string

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    site = await startSite()
    const owner = new Client(site.url)
    expect((await owner.post('/api/auth/login', OWNER)).status).toBe(200)
    const created = await createRelease(owner, {
      title: 'Night Drive',
      releaseDate: '2027-03-14',
      pricing: NAME_YOUR_PRICE,
    })
    slug = created.slug
    await addTrack(owner, created.id, 'Opening Lights', 40, 'preview')
    await addTrack(owner, created.id, 'Closing Time', 5, 'full')
  })

  test.afterAll(async () => {
    await site?.stop()
  })

  test('a fan plays a preview, seeks with the keyboard and skips to the next track', async ({ page }) => {
    await page.goto(`${site.url}/music`)
    await expect(page.getByText('Name your price (min $5.00)')).toBeVisible()
    await page.getByRole('link', { name: 'Night Drive' }).click()
    await expect(page).toHaveURL(`${site.url}/music/${slug}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Night Drive' })).toBeVisible()
    await expect(page.getByLabel('Your price (USD)')).toHaveValue('8.00')
    await waitForHydration(page)

    const tracks = page.getByRole('list', { name: 'Tracks of Night Drive' })
    await expect(tracks.getByRole('listitem')).toHaveCount(2)
    await expect(tracks.getByRole('listitem').first()).toContainText('0:40')
    await page.getByRole('button', { name: 'Play Opening Lights' }).click()

    const player = page.getByTestId('music-player')
    await expect(player.getByTestId('now-playing')).toHaveText('Track 1: Opening Lights (preview)')
    await expect(player.getByTestId('now-playing')).toHaveAttribute('aria-live', 'polite')
    await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.5)
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible()

    // The seek slider from the keyboard: each arrow moves a second, and it says where it is.
    const seek = player.getByRole('slider', { name: 'Seek in Opening Lights' })
    await seek.focus()
    for (let i = 0; i < 10; i++) await seek.press('ArrowRight')
    await expect.poll(async () => (await audioState(page)).time).toBeGreaterThanOrEqual(10)
    await expect(seek).toHaveAttribute('aria-valuetext', /^0:1\d of 0:30$/)

    // Pause and play again from the keyboard.
    await player.getByRole('button', { name: 'Pause' }).press('Enter')
    await expect.poll(async () => (await audioState(page)).paused).toBe(true)
    await player.getByRole('button', { name: 'Play', exact: true }).press('Enter')
    await expect.poll(async () => (await audioState(page)).paused).toBe(false)

    await player.getByRole('button', { name: 'Next' }).press('Enter')
    await expect(player.getByTestId('now-playing')).toHaveText('Track 2: Closing Time')
    await expect.poll(async () => (await audioState(page)).src).toMatch(/\/tracks\/[^/]+\/stream$/)
    await expect.poll(async () => (await audioState(page)).time, { timeout: 15_000 }).toBeGreaterThan(0.5)
    await expect(player.getByRole('button', { name: 'Next' })).toBeDisabled()
    await expectAccessible(page, 'the release page with its player open')
  })

  test('without JavaScript the page lists the tracks with native audio controls', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${site.url}/music/${slug}`)
    const tracks = page.getByRole('list', { name: 'Tracks of Night Drive' })
    await expect(tracks.getByRole('listitem')).toHaveCount(2)
    await expect(tracks).toContainText('Opening Lights')
    await expect(tracks).toContainText('Closing Time')
    const audio = tracks.locator('audio[controls]')
    await expect(audio).toHaveCount(2)
    await expect(audio.first()).toHaveAttribute('src', /\/api\/releases\/[^/]+\/tracks\/[^/]+\/stream$/)
    await expect(page.getByRole('button', { name: /^Play/ })).toHaveCount(0)
    await page.goto(`${site.url}/music`)
    await expect(page.getByRole('link', { name: 'Night Drive' })).toHaveAttribute('href', `/music/${slug}`)
    await context.close()
  })
})
