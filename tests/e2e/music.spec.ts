import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { expect, test, type Page } from '@playwright/test'

import { Client } from '../helpers/http'

import { waitForHydration } from './fixtures'
import { expectAccessible, OWNER, startSite, type Site } from './support'

/**
 * A fan opens /music, opens a release and listens: a preview plays in the page's player, Next and
 * the seek slider work from the keyboard, and without JavaScript the page still lists the tracks
 * with the browser's own audio controls.
 */

const run = promisify(execFile)

/** A WAV master of a tone, `seconds` long, made with the machine's ffmpeg. */
async function sineWav(seconds: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-f', 'wav', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  )
  return stdout
}

async function addTrack(owner: Client, releaseId: string, title: string, seconds: number, streaming: string) {
  const upload = await owner.json('POST', '/api/objects/upload', { kind: 'audio' })
  expect(upload.status, JSON.stringify(upload.body)).toBe(200)
  const put = await fetch(upload.body.uploadURL, {
    method: 'PUT',
    body: new Uint8Array(await sineWav(seconds)),
    headers: { 'Content-Type': 'audio/wav' },
  })
  expect(put.status).toBe(200)
  const added = await owner.json('POST', `/api/admin/releases/${releaseId}/tracks`, {
    title,
    audioURL: upload.body.uploadURL,
    streaming,
  })
  expect(added.status, JSON.stringify(added.body)).toBe(201)
  await expect
    .poll(
      async () => {
        const { body } = await owner.json('GET', `/api/admin/releases/${releaseId}`)
        return (body.tracks as { id: string; status: string }[]).find((t) => t.id === added.body.id)?.status
      },
      { timeout: 60_000 },
    )
    .toBe('ready')
}

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
    const created = await owner.json('POST', '/api/admin/releases', {
      title: 'Night Drive',
      type: 'album',
      releaseDate: '2027-03-14',
      isActive: true,
      pricing: { mode: 'nameYourPrice', minimum: '5.00', suggested: '8.00' },
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    slug = created.body.slug
    await addTrack(owner, created.body.id, 'Opening Lights', 40, 'preview')
    await addTrack(owner, created.body.id, 'Closing Time', 5, 'full')
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
