import pg from 'pg'

import { expect, ownClient, ownerClient, seriousViolations, test } from './fixtures'
import { recordLayoutShifts } from './layoutShifts'
import {
  addButton,
  coveredFields,
  night,
  openTill,
  overflowsSideways,
  PHONE,
  saleFromAnotherPhone,
  tillReady,
} from './tillSteps'

/**
 * The merch-table till in Chromium: it opens and rings up sales with no network after one load,
 * sends them once when the network returns, and keeps them (with a CSV) when the link is revoked.
 * The show's merch page in the dashboard is in tillMerchPage.spec.ts.
 */

const db = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 })
test.afterAll(() => db.end())

test('the till opens offline, rings up three sales, and syncs them once when the network returns', async ({
  page,
  context,
  baseURL,
}) => {
  const owner = await ownerClient(baseURL!)
  const t = await night(owner)
  await openTill(page, t.path)
  await expect(addButton(page, `${t.name}: S`)).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  // The service worker is in charge and has kept the page, its script and the catalogue.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve))
    }
  })
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('merch-till-v1')).keys()).length))
    .toBeGreaterThanOrEqual(3)

  await context.setOffline(true)
  await page.reload()
  await tillReady(page)
  await expect(page.getByRole('heading', { name: 'Merch table', level: 1 })).toBeVisible()
  await expect(page.getByText('Offline: sales are kept on this phone')).toBeVisible()

  // Three sales: S in cash, S by card, M in cash.
  await addButton(page, `${t.name}: S`).click()
  await expect(page.getByLabel('Total')).toHaveText('$25.00')
  await page.getByRole('button', { name: 'Cash', exact: true }).click()
  await expect(page.getByText('1 sale waiting to sync')).toBeVisible()
  await addButton(page, `${t.name}: S`).click()
  await page.getByRole('button', { name: 'Card', exact: true }).click()
  await addButton(page, `${t.name}: M`).click()
  await page.getByRole('button', { name: 'One more', exact: false }).click()
  await page.getByRole('button', { name: 'One fewer', exact: false }).click()
  await page.getByRole('button', { name: 'Cash', exact: true }).click()
  await expect(page.getByText('3 sales waiting to sync')).toBeVisible()
  // The till counts what it sold since its last catalogue: S shows none left.
  await expect(addButton(page, `${t.name}: S`)).toContainText('none left')
  expect((await db.query('SELECT count(*)::int AS n FROM till_sales WHERE show_id = $1', [t.showId])).rows[0].n).toBe(0)

  await context.setOffline(false)
  await expect(page.getByText('All sales sent')).toBeVisible({ timeout: 20_000 })
  const { rows } = await db.query(
    `SELECT s.payment, s.total_cents, l.product_option_id, l.quantity FROM till_sales s JOIN till_sale_lines l ON l.sale_id = s.id
     WHERE s.show_id = $1 ORDER BY s.sold_at`,
    [t.showId],
  )
  expect(rows).toEqual([
    { payment: 'cash', total_cents: 2500, product_option_id: t.sizes.S, quantity: 1 },
    { payment: 'card', total_cents: 2500, product_option_id: t.sizes.S, quantity: 1 },
    { payment: 'cash', total_cents: 2500, product_option_id: t.sizes.M, quantity: 1 },
  ])
  // Sent again (a reload syncs whatever it still holds): still three.
  await page.reload()
  await tillReady(page)
  await expect(page.getByText('All sales sent')).toBeVisible()
  expect((await db.query('SELECT count(*)::int AS n FROM till_sales WHERE show_id = $1', [t.showId])).rows[0].n).toBe(3)

  // The public page shows size S sold out.
  const fan = await context.newPage()
  await expect(async () => {
    await fan.goto('/')
    const card = fan.getByTestId('product-card').filter({ hasText: t.name })
    await expect(card.getByRole('radio', { name: /^S/ })).toBeDisabled({ timeout: 500 })
    await expect(card.getByRole('radio', { name: /^M/ })).toBeEnabled({ timeout: 500 })
  }).toPass({ timeout: 10_000 })
  await fan.close()

  const settled = await owner.json('GET', `/api/admin/shows/${t.showId}/settlement`)
  expect(settled.body).toMatchObject({ gross: '75.00', cash: '50.00', card: '25.00', net: '75.00', voids: 0 })
  expect(settled.body.lines).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ productOptionId: t.sizes.S, sold: 2, gross: '50.00', oversold: 0 }),
      expect.objectContaining({ productOptionId: t.sizes.M, sold: 1, gross: '25.00' }),
    ]),
  )
})

test("the till's number left is the site's stock less the sales not sent yet, after each sale and when the network returns", async ({
  page,
  context,
  baseURL,
}) => {
  const owner = await ownerClient(baseURL!)
  const t = await night(owner)
  await openTill(page, t.path)
  const m = addButton(page, `${t.name}: M`)
  await expect(m).toContainText('5 left')

  // Two of five sold and sent: three left, also once the site has counted them.
  await m.click()
  await page.getByRole('button', { name: `One more ${t.name}: M` }).click()
  await expect(m).toContainText('3 left')
  await page.getByRole('button', { name: 'Cash', exact: true }).click()
  await expect(page.getByText('All sales sent')).toBeVisible()
  await expect(m).toContainText('3 left')
  await page.waitForTimeout(1000)
  await expect(m).toContainText('3 left')

  // Offline, one more here, while another phone sells one: back online, 5 - 2 - 1 - 1 = 1 left.
  await context.setOffline(true)
  await expect(page.getByText('Offline: sales are kept on this phone')).toBeVisible()
  await m.click()
  await page.getByRole('button', { name: 'Card', exact: true }).click()
  await expect(page.getByText('1 sale waiting to sync')).toBeVisible()
  await expect(m).toContainText('2 left')
  await saleFromAnotherPhone(baseURL!, t.path, t.productId, t.sizes.M!)
  await context.setOffline(false)
  await expect(page.getByText('All sales sent')).toBeVisible({ timeout: 20_000 })
  await expect(m).toContainText('1 left', { timeout: 20_000 })
  await page.waitForTimeout(1000)
  await expect(m).toContainText('1 left')
  expect((await db.query('SELECT inventory::int AS n FROM product_options WHERE id = $1', [t.sizes.M])).rows[0].n).toBe(
    1,
  )
  await page.reload()
  await tillReady(page)
  await expect(m).toContainText('1 left')

  // The sale being rung up while the catalogue is read again still counts its units: the team
  // found two more, 3 - 1 = 2 left.
  await m.click()
  await expect(m).toContainText('none left')
  await context.setOffline(true)
  await expect(page.getByText('Offline: sales are kept on this phone')).toBeVisible()
  await db.query('UPDATE product_options SET inventory = 3 WHERE id = $1', [t.sizes.M])
  await context.setOffline(false)
  await expect(m).toContainText('2 left', { timeout: 20_000 })
  await expect(page.getByLabel('Total')).toHaveText('$25.00')
})

test('on a phone, the sale being rung up stays in view at the top, each sale is confirmed on screen, and nothing covers a field', async ({
  browser,
  baseURL,
}) => {
  const owner = await ownerClient(baseURL!)
  const t = await night(owner)
  // More products, as a real table has: the page is longer than the screen.
  for (const name of ['Tote', 'Patch', 'Pin', 'Sticker', 'Cap']) {
    const made = await owner.json('POST', '/api/admin/products', {
      name: `Till ${name} ${t.showId.slice(0, 6)}`,
      price: '8',
      inventory: 5,
      isActive: true,
    })
    expect(made.status, JSON.stringify(made.body)).toBe(201)
  }
  const phone = await browser.newContext({ baseURL, ...PHONE, ...ownClient() })
  const page = await phone.newPage()
  await openTill(page, t.path)
  const sale = page.getByRole('region', { name: 'This sale' })

  // Tapped far down the list of products, the sale's line shows in the top half of the screen.
  await addButton(page, `${t.name}: M`).click()
  const line = sale.getByRole('listitem').filter({ hasText: `${t.name}: M` })
  await expect(line).toBeInViewport({ ratio: 1 })
  // Read again until it holds: the till redraws the sale while it refreshes the stock.
  await expect.poll(async () => (await line.boundingBox())?.y ?? Infinity).toBeLessThan(844 / 2)
  await page.getByRole('button', { name: `One more ${t.name}: M` }).click()
  expect(await overflowsSideways(page)).toBe(false)

  // A discount with its reason: no field is ever under the Cash/Card bar (or anything else).
  await sale.getByLabel('Discount or comp').selectOption('discount')
  await sale.getByLabel('Discount amount').fill('5')
  await sale.getByLabel('Reason').fill('Crew friend')
  expect(await coveredFields(page)).toEqual([])
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(page.getByLabel('Total')).toHaveText('$45.00')

  // The sale is confirmed where the seller looks, in letters they can read.
  await page.getByRole('button', { name: 'Cash', exact: true }).click()
  const done = sale.getByText('Sale saved: $45.00 cash')
  await expect(done).toBeInViewport({ ratio: 1 })
  await expect.poll(async () => (await done.boundingBox())?.height ?? 0).toBeGreaterThan(12)
  await expect.poll(async () => (await done.boundingBox())?.width ?? 0).toBeGreaterThan(100)
  await expect(page.getByText('All sales sent')).toBeVisible()
  // The next sale starts afresh.
  await addButton(page, `${t.name}: S`).click()
  await expect(done).toBeHidden()
  expect(await seriousViolations(page)).toEqual([])
  await phone.close()
})

test('offline, a discount and a comp need their reason, and sales made before a price change are recorded at their price', async ({
  page,
  context,
  baseURL,
}) => {
  const owner = await ownerClient(baseURL!)
  const t = await night(owner)
  await openTill(page, t.path)
  await context.setOffline(true)
  await expect(page.getByText('Offline: sales are kept on this phone')).toBeVisible()
  const sale = page.getByRole('region', { name: 'This sale' })

  // A discount with no reason is not rung up: the seller is told and taken to the reason.
  await addButton(page, `${t.name}: M`).click()
  await sale.getByLabel('Discount or comp').selectOption('discount')
  await sale.getByLabel('Discount amount').fill('5')
  await page.getByRole('button', { name: 'Cash', exact: true }).click()
  await expect(sale.getByRole('alert')).toHaveText('Say why the discount is given.')
  await expect(sale.getByLabel('Reason')).toBeFocused()
  await expect(page.getByText('No sales yet.')).toBeVisible()
  await sale.getByLabel('Reason').fill('Crew friend')
  await page.getByRole('button', { name: 'Cash', exact: true }).click()
  await expect(sale.getByText('Sale saved: $20.00 cash')).toBeVisible()
  // A comp: given away, with who it was for.
  await addButton(page, `${t.name}: S`).click()
  await sale.getByLabel('Discount or comp').selectOption('comp')
  await expect(page.getByLabel('Total')).toHaveText('$0.00')
  await sale.getByLabel('Reason').fill('Support act')
  await page.getByRole('button', { name: 'Card', exact: true }).click()
  await expect(page.getByText('2 sales waiting to sync')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])

  // The band raises the price while the phone is offline; the sales made before still go through.
  expect((await owner.json('PUT', `/api/admin/products/${t.productId}`, { price: '30' })).status).toBe(200)
  await context.setOffline(false)
  await expect(page.getByText('All sales sent')).toBeVisible({ timeout: 20_000 })
  const { rows } = await db.query(
    `SELECT subtotal_cents, discount_cents, discount_reason, comp_reason, total_cents FROM till_sales
     WHERE show_id = $1 ORDER BY sold_at`,
    [t.showId],
  )
  expect(rows).toEqual([
    { subtotal_cents: 2500, discount_cents: 500, discount_reason: 'Crew friend', comp_reason: null, total_cents: 2000 },
    { subtotal_cents: 2500, discount_cents: 0, discount_reason: null, comp_reason: 'Support act', total_cents: 0 },
  ])
  // The till then shows the new price.
  await expect(addButton(page, `${t.name}: M`)).toContainText('$30.00', { timeout: 20_000 })
})

test('on a phone, nothing on the till moves while it loads its show and products', async ({ browser, baseURL }) => {
  const owner = await ownerClient(baseURL!)
  // A long show title, as real ones are: it takes two lines on a phone.
  const t = await night(owner, 'Neon Lullabies Album Release Show with Special Guests')
  const phone = await browser.newContext({
    ...ownClient(),
    baseURL,
    viewport: { width: 412, height: 823 },
    isMobile: true,
    hasTouch: true,
  })
  const page = await phone.newPage()
  const layoutShifts = await recordLayoutShifts(page)
  // A slow network, as in a basement: the page is drawn well before its catalogue arrives.
  await page.route('**/api/till/*/catalog', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    await route.continue()
  })
  await page.goto(t.path)
  await expect(page.getByText('Loading the products…')).toBeVisible()
  await tillReady(page)
  await expect(addButton(page, `${t.name}: S`)).toBeVisible()
  await expect(page.getByText(/^Neon Lullabies Album Release Show/)).toBeVisible()
  await page.waitForTimeout(500)
  expect(await layoutShifts()).toEqual([])
  await phone.close()
})

test('a revoked link keeps the unsent sales on the phone, with the message and a CSV of them', async ({
  page,
  context,
  baseURL,
}) => {
  const owner = await ownerClient(baseURL!)
  const t = await night(owner)
  await openTill(page, t.path)
  await context.setOffline(true)
  await addButton(page, `${t.name}: M`).click()
  await page.getByRole('button', { name: 'Card', exact: true }).click()
  await expect(page.getByText('1 sale waiting to sync')).toBeVisible()

  expect((await owner.json('DELETE', `/api/admin/shows/${t.showId}/tills/${t.tillId}`)).status).toBe(200)
  await context.setOffline(false)
  await expect(page.getByRole('alert').filter({ hasText: 'This till link was revoked' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByText('1 sale waiting to sync')).toBeVisible()
  await expect(page.locator('[data-sale]')).toHaveCount(1)
  await expect(page.locator('[data-sale]')).toContainText('Waiting to sync')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: "Download this phone's sales (CSV)" }).click()
  const file = await download
  const text = await (await file.createReadStream()).toArray()
  const csv = Buffer.concat(text as Buffer[]).toString('utf8')
  expect(csv).toContain('Sale id,Time,State,Payment,Items,Total')
  expect(csv).toMatch(/,waiting,card,1 × Till Tee [^,]+: M,25\.00,/)
  expect((await db.query('SELECT count(*)::int AS n FROM till_sales WHERE show_id = $1', [t.showId])).rows[0].n).toBe(0)

  // A reload keeps them too.
  await page.reload()
  await tillReady(page)
  await expect(page.locator('[data-sale]')).toHaveCount(1)
  await expect(page.getByRole('alert').filter({ hasText: 'This till link was revoked' })).toBeVisible()
})
