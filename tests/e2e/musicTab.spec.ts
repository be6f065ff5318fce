import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

import { expect, test, type Page } from '@playwright/test'

import { Client } from '../helpers/http'

import { expectAccessible, openTab, OWNER, ownerPage, startSite, type Site } from './support'

/**
 * The team uploads a release in the Music tab: the owner creates it, uploads two WAV masters (each
 * with its progress bar), sees them processed ("Ready 0:02") and reorders them from the keyboard;
 * a viewer reads the same release with no write control.
 */

const run = promisify(execFile)

/** A WAV master of a tone, `seconds` long, made with the machine's ffmpeg. */
async function sineWav(seconds: number, frequency: number): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`, '-f', 'wav', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  )
  return stdout
}

let site: Site
let owner: Page

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000)
  site = await startSite()
  owner = await ownerPage(browser, site)
})
test.afterAll(async () => {
  await owner?.context().close()
  await site?.stop()
})

const TITLE = 'Night Drive'
const trackTitles = (page: Page) =>
  page
    .getByRole('list', { name: `Tracks of ${TITLE}` })
    .getByRole('listitem')
    .locator('.font-medium')

test('the owner creates a release, uploads two tracks with progress bars and reorders them', async () => {
  await openTab(owner, 'Music')
  await expect(owner.getByText('No releases yet.')).toBeVisible()
  await owner.getByRole('button', { name: 'Add Release' }).click()
  const dialog = owner.getByRole('dialog')
  await dialog.getByLabel('Title *').fill(TITLE)
  await dialog.getByLabel('Type').selectOption('EP')
  await dialog.getByLabel('Release date *').fill('2027-03-14')
  await dialog.getByLabel('Price *').fill('7.00')
  await dialog.getByRole('button', { name: 'Create Release' }).click()
  await expect(owner.getByText('Release created successfully').first()).toBeVisible()
  const card = owner.getByRole('list', { name: 'Releases' }).getByRole('listitem').first()
  await expect(card.getByRole('heading', { name: TITLE })).toBeVisible()
  await expect(card).toContainText('EP · March 14, 2027')
  await expect(card).toContainText('$7.00')

  await card.getByRole('button', { name: `Tracks and figures: ${TITLE}` }).click()
  await expect(owner.getByText('No tracks yet.')).toBeVisible()
  await expect(owner.getByRole('definition').filter({ hasText: '$0.00' })).toBeVisible()

  // The storage answers the uploads late, so each bar can be seen before it completes.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await owner.route('**/api/objects/put/**', async (route) => {
    await held
    await route.continue()
  })
  await owner.locator('input[type="file"]').setInputFiles([
    { name: 'Opening.wav', mimeType: 'audio/wav', buffer: await sineWav(2, 440) },
    { name: 'Closing.wav', mimeType: 'audio/wav', buffer: await sineWav(2, 660) },
  ])
  await expect(owner.getByRole('progressbar', { name: 'Uploading Opening.wav' })).toBeVisible()
  await expect(owner.getByRole('progressbar', { name: 'Uploading Closing.wav' })).toBeVisible()
  await expectAccessible(owner, 'Music tab while uploading')
  release()
  await expect(owner.getByText('Opening.wav: uploaded')).toBeVisible({ timeout: 30_000 })
  await expect(owner.getByText('Closing.wav: uploaded')).toBeVisible({ timeout: 30_000 })
  await owner.unroute('**/api/objects/put/**')

  await expect(trackTitles(owner)).toHaveText(['Opening', 'Closing'])
  await expect(owner.getByTestId('track-status')).toHaveText(['Ready 0:02', 'Ready 0:02'], { timeout: 60_000 })

  // From the keyboard: focus "Move Closing up" and press Enter.
  await owner.getByRole('button', { name: 'Move Closing up' }).focus()
  await owner.keyboard.press('Enter')
  await expect(trackTitles(owner)).toHaveText(['Closing', 'Opening'])
  await expect(owner.getByRole('button', { name: 'Move Closing up' })).toBeFocused()
  await owner.reload()
  await owner.getByRole('button', { name: `Tracks and figures: ${TITLE}` }).click()
  await expect(trackTitles(owner)).toHaveText(['Closing', 'Opening'])
  await expectAccessible(owner, 'Music tab with a release open')
})

test('a viewer reads the release and its tracks with no write control', async ({ browser }) => {
  const team = new Client(site.url)
  expect((await team.post('/api/auth/login', { email: OWNER.email, password: OWNER.password })).status).toBe(200)
  const invited = await team.json('POST', '/api/admin/users/invite', { email: 'crew@band.test', role: 'viewer' })
  expect(invited.status, JSON.stringify(invited.body)).toBe(201)
  const token = new URL(invited.body.inviteUrl).searchParams.get('invite')!
  const viewer = new Client(site.url)
  expect((await viewer.post('/api/auth/accept-invite', { token, password: 'viewer-password-1' })).status).toBe(200)
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const [name, value] = viewer.cookie!.split('=') as [string, string]
  await context.addCookies([{ name, value, url: site.url }])
  const page = await context.newPage()
  await page.goto(`${site.url}/admin#music`)
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Music' })).toBeVisible()
  await page.getByRole('button', { name: `Tracks and figures: ${TITLE}` }).click()
  await expect(trackTitles(page)).toHaveText(['Closing', 'Opening'])
  await expect(page.getByTestId('track-status')).toHaveText(['Ready 0:02', 'Ready 0:02'])
  const main = page.getByRole('main')
  await expect(main.getByRole('button', { name: /^(Add|Edit|Delete|Move|Upload)/ })).toHaveCount(0)
  await expect(main.getByRole('combobox')).toHaveCount(0)
  await expect(main.getByRole('checkbox')).toHaveCount(0)
  await expectAccessible(page, 'Music tab as a viewer')
  await context.close()
})
