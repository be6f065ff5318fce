import { expect, test, type Page } from '@playwright/test'

import { Client } from '../helpers/http'
import { recipients, startMailbox, type Mailbox } from '../helpers/smtp'

import { waitForHydration } from './fixtures'
import { expectAccessible, OWNER, openTab, signIn, startSite, type Site } from './support'

/**
 * "Email me when it's back" on a sold-out size, with the page's script and before it: the team
 * sees who waits, and after a restock each waiting fan gets one email.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let site: Site
let mailbox: Mailbox
let team: Client
let tee: { id: string; S: string; M: string }

test.beforeAll(async () => {
  // Starting a server of its own may take longer than a test's default limit on a busy machine.
  test.setTimeout(120_000)
  mailbox = await startMailbox()
  site = await startSite({ SMTP_URL: mailbox.url, MAIL_FROM: 'shop@band.test' })
  team = new Client(site.url)
  expect((await team.post('/api/auth/login', OWNER)).status).toBe(200)
  const product = await team.json('POST', '/api/admin/products', {
    name: 'Glow Tee',
    price: '25',
    isActive: true,
    isFeatured: true,
  })
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const size = async (value: string, inventory: number) =>
    (await team.json('POST', `/api/admin/products/${product.body.id}/options`, { name: 'Size', value, inventory })).body
      .id as string
  tee = { id: product.body.id, S: await size('S', 0), M: await size('M', 4) }
})

test.afterAll(async () => {
  await site?.stop()
  await mailbox?.close()
})

const card = (page: Page) =>
  page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: 'Glow Tee', exact: true }) })

test('a fan waits for a sold-out size; the team sees it; one email after the restock', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  const glow = card(page)
  // The page is rebuilt within seconds of a change in the dashboard.
  await expect(async () => {
    await page.goto(site.url)
    await expect(glow).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await waitForHydration(page)
  await glow.getByText("Email me when it's back").click()
  const form = glow.getByRole('form', { name: 'Email me when Glow Tee is back' })
  // Only the sold-out size can be waited for.
  await expect(form.getByLabel('Size').locator('option')).toHaveText(['S'])
  await form.getByLabel('Email address').fill('glow-fan@fans.test')
  await expectAccessible(page, 'the landing page with the back-in-stock form open')
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(
    page.getByRole('region', { name: /^Notifications/ }).getByText("We'll send you one email when it's back in stock."),
  ).toBeVisible()
  await context.close()

  // The team sees the demand in the Products tab.
  const dashboard = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const admin = await dashboard.newPage()
  await signIn(admin, site, OWNER.email, OWNER.password)
  await openTab(admin, 'Products')
  const waiting = admin.getByRole('list', { name: 'Waiting for a restock' })
  await expect(waiting.getByRole('listitem').filter({ hasText: 'Glow Tee: S' })).toContainText('1 fan waiting')
  await dashboard.close()

  // Restocked: one email, with the link to the merch; nothing more on the next restock.
  expect((await team.json('PUT', `/api/admin/products/options/${tee.S}`, { inventory: 6 })).status).toBe(200)
  const mail = await mailbox.waitFor((m) => recipients(m).includes('glow-fan@fans.test'))
  expect(mail.subject).toBe('Back in stock: Glow Tee (S)')
  expect(mail.text).toContain(`${site.url}/#merch`)
  expect((await team.json('PUT', `/api/admin/products/options/${tee.S}`, { inventory: 0 })).status).toBe(200)
  expect((await team.json('PUT', `/api/admin/products/options/${tee.S}`, { inventory: 2 })).status).toBe(200)
  await new Promise((resolve) => setTimeout(resolve, 5000))
  expect(mailbox.messages.filter((m) => recipients(m).includes('glow-fan@fans.test'))).toHaveLength(1)
})

test('before the script arrives, the form posts natively and lands on a result page', async ({ browser }) => {
  expect((await team.json('PUT', `/api/admin/products/options/${tee.M}`, { inventory: 0 })).status).toBe(200)
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  const glow = card(page)
  await expect(async () => {
    await page.goto(site.url)
    await expect(glow.getByLabel('Size').locator('option')).toHaveText(['M'], { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await glow.getByText("Email me when it's back").click()
  const form = glow.getByRole('form', { name: 'Email me when Glow Tee is back' })
  await form.getByLabel('Size').selectOption({ label: 'M' })
  await form.getByLabel('Email address').fill('no-script@fans.test')
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(page).toHaveURL(`${site.url}/back-in-stock/saved`)
  await expect(page.getByText("We'll send you one email when it's back in stock.")).toBeVisible()
  await context.close()
  const rows = await site.sql(`SELECT email, product_option_id FROM stock_waits WHERE email = 'no-script@fans.test'`)
  expect(rows.rows).toEqual([{ email: 'no-script@fans.test', product_option_id: tee.M }])
})

test("a refused address shows the server's words; with no network the result page's text", async ({ browser }) => {
  expect((await team.json('PUT', `/api/admin/products/options/${tee.M}`, { inventory: 0 })).status).toBe(200)
  const context = await browser.newContext()
  const page = await context.newPage()
  const glow = card(page)
  await expect(async () => {
    await page.goto(site.url)
    await expect(glow.getByText("Email me when it's back")).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await waitForHydration(page)
  await glow.getByText("Email me when it's back").click()
  const form = glow.getByRole('form', { name: 'Email me when Glow Tee is back' })
  const notifications = page.getByRole('region', { name: /^Notifications/ })

  // The browser takes a@b as an address; the server does not, and says why.
  await form.getByLabel('Email address').fill('a@b')
  const answer = page.waitForResponse(`**/api/products/${tee.id}/notify`)
  await form.getByRole('button', { name: 'Notify me' }).click()
  expect((await answer).status()).toBe(400)
  await expect(notifications.getByText('Please enter a valid email address')).toBeVisible()
  await expect(notifications.getByText('Could not save your request.')).toHaveCount(0)

  // No answer at all: the result page's text, and the address stays for another try.
  await context.setOffline(true)
  await form.getByLabel('Email address').fill('offline-fan@fans.test')
  await form.getByRole('button', { name: 'Notify me' }).click()
  await expect(notifications.getByText('Could not save your request. Please try again.')).toBeVisible()
  await expect(form.getByLabel('Email address')).toHaveValue('offline-fan@fans.test')
  await context.close()
})
