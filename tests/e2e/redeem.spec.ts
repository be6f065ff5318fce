import { expect, test, type Browser, type Page } from '@playwright/test'

import { Client } from '../helpers/http'

import { expectAccessible, OWNER, startSite, type Site } from './support'

/**
 * Download codes in Chromium: a fan redeems a printed code at /redeem with JavaScript off, and the
 * merch table's till, with no network, shows a release's code as a QR code and as text; that code
 * then redeems once.
 */

let site: Site
let owner: Client

test.beforeAll(async () => {
  test.setTimeout(120_000)
  site = await startSite({ PAYMENT_PROVIDER: 'test' })
  owner = new Client(site.url)
  const res = await owner.post('/api/auth/login', { email: OWNER.email, password: OWNER.password })
  expect(res.status).toBe(200)
})
test.afterAll(() => site?.stop())

const PRINTED =
  /[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}/

async function release(title: string) {
  const made = await owner.json('POST', '/api/admin/releases', {
    title,
    type: 'EP',
    releaseDate: '2025-05-01',
    isActive: true,
    pricing: { mode: 'fixed', price: '7.00' },
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body.id as string
}

/** Redeems `code` through the /redeem page in a browser with JavaScript off. */
async function redeemWithoutScript(browser: Browser, code: string | null, email: string) {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto(`${site.url}/redeem${code ? `?code=${code}` : ''}`)
  await expect(page.getByRole('heading', { name: 'Redeem a download code' })).toBeVisible()
  return { context, page, submit: () => submit(page, email) }
}

async function submit(page: Page, email: string) {
  await page.getByLabel('Your email address').fill(email)
  await page.getByRole('button', { name: 'Redeem' }).click()
}

test('with JavaScript off, /redeem redeems a printed code once and says so', async ({ browser }) => {
  const releaseId = await release('Paper Moons')
  const batch = await owner.json('POST', `/api/admin/releases/${releaseId}/codes`, { count: 2, label: 'Cards' })
  expect(batch.status).toBe(201)
  const csv = await (await owner.get(`/api/admin/releases/${releaseId}/codes/${batch.body.id}.csv`)).text()
  const code = PRINTED.exec(csv)![0]

  const { context, page } = await redeemWithoutScript(browser, null, 'paper.fan@example.com')
  await page.getByLabel('Download code').fill(code.toLowerCase().replace(/-/g, ' '))
  await submit(page, 'paper.fan@example.com')
  await expect(page.getByRole('heading', { name: 'Code redeemed' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('We have emailed you the download link. Check your inbox.')

  // The same code again: back on the form, the error said and the code kept.
  await page.goto(`${site.url}/redeem?code=${code}`)
  await expect(page.getByLabel('Download code')).toHaveValue(code)
  await submit(page, 'paper.fan@example.com')
  await expect(page.getByRole('alert')).toHaveText('This code has already been used')
  await page.getByLabel('Download code').fill('ZZZZ-ZZZZ-ZZZZ')
  await submit(page, 'paper.fan@example.com')
  await expect(page.getByRole('alert')).toHaveText('This code is not valid')
  await context.close()
})

test('/redeem, with an error said above its form, has no serious accessibility problem', async ({ page }) => {
  await page.goto(`${site.url}/redeem?error=used&code=ABCD-EFGH-JKMN`)
  await expect(page.getByRole('alert').filter({ hasText: 'This code' })).toHaveText('This code has already been used')
  await expectAccessible(page, '/redeem')
})

test('the till, offline, shows a release sale’s code as a QR code and as text; it redeems once', async ({
  page,
  context,
  browser,
}) => {
  await release('Cellar Songs')
  const show = await owner.json('POST', '/api/admin/shows', {
    title: 'Cellar Night',
    venue: 'The Cellar',
    date: new Date().toISOString().slice(0, 10),
  })
  expect(show.status).toBe(201)
  const till = await owner.json('POST', `/api/admin/shows/${show.body.id}/tills`, {})
  expect(till.status).toBe(201)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto(`${site.url}${new URL(till.body.url).pathname}`)
  await page.waitForFunction(() => document.documentElement.dataset.ready === 'true')
  const add = page.getByRole('button', { name: /^Add Cellar Songs\s*,/ })
  await expect(add).toContainText('20 left')

  await context.setOffline(true)
  await expect(page.getByText('Offline: sales are kept on this phone')).toBeVisible()
  await add.click()
  await expect(page.getByLabel('Total')).toHaveText('$7.00')
  await page.getByRole('button', { name: 'Cash', exact: true }).click()
  await expect(page.getByText('1 sale waiting to sync')).toBeVisible()
  const qr = page.getByRole('img', { name: 'QR code for Cellar Songs' })
  await expect(qr.locator('svg')).toBeVisible()
  const shown = page.locator('#codes figcaption strong')
  await expect(shown).toHaveText(PRINTED)
  const code = (await shown.textContent())!
  await expect(add).toContainText('19 left')
  await expectAccessible(page, 'till showing a download code')

  await context.setOffline(false)
  await expect(page.getByText('All sales sent')).toBeVisible({ timeout: 20_000 })
  const sold = await site.sql('SELECT till_sale_id FROM download_codes WHERE code = $1', [code.replace(/-/g, '')])
  expect(sold.rows[0].till_sale_id).not.toBeNull()

  const fan = await redeemWithoutScript(browser, code, 'cellar.fan@example.com')
  await fan.submit()
  await expect(fan.page.getByRole('heading', { name: 'Code redeemed' })).toBeVisible()
  await fan.page.goto(`${site.url}/redeem?code=${code}`)
  await fan.submit()
  await expect(fan.page.getByRole('alert')).toHaveText('This code has already been used')
  await fan.context.close()
})
