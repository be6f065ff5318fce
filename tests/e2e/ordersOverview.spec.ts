import { expect, test, type Page } from '@playwright/test'

import { expectAccessible, insertProduct, openTab, ownerPage, startSite, type Site } from './support'

/*
 * The Orders tab at volume: the overview (chart with its text alternative, paid orders, top
 * products, low stock), searching and filtering the cards, and Load more.
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 })

let site: Site
let page: Page
let tee: string

test.beforeAll(async ({ browser }) => {
  // Starting a server of its own may take longer than a test's default limit on a busy machine.
  test.setTimeout(120_000)
  site = await startSite()
  tee = await insertProduct(site, { name: 'Static Tee' }, [['L', 2]])
  // 60 orders over the last days: every 4th failed, the rest paid; one customer to search for.
  await site.sql(
    `WITH o AS (
       INSERT INTO orders (customer_email, customer_name, subtotal_amount, shipping_amount, total_amount, status, created_at, paid_at)
       SELECT CASE WHEN g = 7 THEN 'ziggy@stardust.test' ELSE 'fan' || g || '@example.com' END,
         CASE WHEN g = 7 THEN 'Ziggy Stardust' ELSE 'Fan ' || g END,
         25, 5, 30, CASE WHEN g % 4 = 0 THEN 'failed' ELSE 'paid' END::enum_orders_status,
         now() - make_interval(hours => g * 5), CASE WHEN g % 4 = 0 THEN NULL ELSE now() - make_interval(hours => g * 5) END
       FROM generate_series(1, 60) AS g RETURNING id)
     INSERT INTO order_items (order_id_id, product_id_id, quantity, price, product_name) SELECT id, $1, 1, 25, 'Static Tee' FROM o`,
    [tee],
  )
  page = await ownerPage(browser, site)
})

test.afterAll(async () => {
  await page?.context().close()
  await site?.stop()
})

const cards = () =>
  page
    .getByRole('list', { name: 'Orders' })
    .getByRole('listitem')
    .filter({ hasText: /^Order #/ })

test('the overview shows the revenue chart with its text alternative, paid orders, top products and low stock', async () => {
  await openTab(page, 'Orders')
  const overview = page.getByRole('region', { name: 'Orders overview' })
  const chart = overview.getByRole('img', {
    name: /^Revenue per day from .+: \$1,350\.00 in all, highest \$\d+\.00 on /,
  })
  await expect(chart).toBeVisible()
  await expect(chart.locator('svg .recharts-bar-rectangle').first()).toBeVisible()
  await expect(overview.getByTestId('paid-orders')).toHaveText('45')
  await expect(overview.getByTestId('paid-revenue')).toHaveText('$1,350.00')
  await overview.getByText('Show revenue per day as a table').click()
  await expect(overview.getByRole('table')).toContainText('Paid orders')
  await expect(overview.getByRole('table').getByRole('row')).toHaveCount(31)
  await expect(overview.getByRole('list', { name: 'Top products' })).toContainText('Static Tee45 sold')
  const low = overview.getByRole('list', { name: 'Low stock' })
  await expect(low).toContainText('Static Tee (Size: L)2 left')
  await expect(low.getByRole('link', { name: 'Edit Static Tee (Size: L)' })).toHaveAttribute(
    'href',
    /^\/cms\/collections\/product-options\/[0-9a-f-]{36}$/,
  )
  await expectAccessible(page, 'Orders tab with its overview')
})

test('the list shows the total and 50 cards, and Load more brings the rest', async () => {
  await expect(page.getByTestId('orders-total')).toHaveText('60 orders')
  await expect(cards()).toHaveCount(50)
  await page.getByRole('button', { name: 'Load more' }).click()
  await expect(cards()).toHaveCount(60)
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0)
})

test('searching by name and filtering by status narrow the cards', async () => {
  await page.getByLabel('Search orders').fill('ziggy')
  await expect(page.getByTestId('orders-total')).toHaveText('1 order found')
  await expect(cards()).toHaveCount(1)
  await expect(cards().first()).toContainText('Ziggy Stardust')
  await page.getByLabel('Search orders').fill('')
  await page.getByLabel('Status').selectOption('failed')
  await expect(page.getByTestId('orders-total')).toHaveText('15 orders found')
  await expect(cards()).toHaveCount(15)
  for (const badge of await cards().getByText('failed', { exact: true }).all()) await expect(badge).toBeVisible()
  await page.getByLabel('Search orders').fill('nobody-by-this-name')
  await expect(page.getByText('No orders match your search.')).toBeVisible()
  await page.getByLabel('Status').selectOption('')
  await page.getByLabel('Search orders').fill('')
  // Back to the whole list as it was left, both pages loaded.
  await expect(page.getByTestId('orders-total')).toHaveText('60 orders')
  await expect(cards()).toHaveCount(60)
})

test('/admin#orders opens on the Orders tab with its chart', async () => {
  await page.goto(`${site.url}/admin#orders`)
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Orders' })).toBeVisible()
  await expect(page.getByTestId('revenue-chart').locator('svg')).toBeVisible()
})

/** Pages of a PDF made by Chromium: one `/Type /Page` object each (`/Pages` is the tree). */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)\b/g) ?? []).length

test('packing slips print one order per page, without the dashboard around them', async () => {
  await openTab(page, 'Orders')
  const [slips] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: 'Packing slips' }).click(),
  ])
  await slips.waitForLoadState()
  const waiting = Number((await site.sql(`SELECT count(*) AS n FROM orders WHERE status = 'paid'`)).rows[0].n)
  expect(waiting).toBeGreaterThan(1)
  await expect(slips.locator('article.slip')).toHaveCount(waiting)
  const first = slips.locator('article.slip').first()
  const band = (await site.sql('SELECT name FROM band_profile LIMIT 1')).rows[0]?.name ?? 'Band Name'
  await expect(first.getByRole('heading', { level: 1 })).toHaveText(band)
  await expect(first).toContainText(/Order #[0-9a-f]{8}/)
  await expect(first.getByRole('row').nth(1)).toContainText('Static Tee')

  // On paper: the toolbar and the dashboard are gone, and each order starts its own page.
  await slips.emulateMedia({ media: 'print' })
  await expect(slips.getByText(/packing slips\. Print this page/)).toBeHidden()
  await expect(slips.getByRole('navigation')).toHaveCount(0)
  expect(pdfPages(await slips.pdf({ format: 'A4' }))).toBe(waiting)

  // One order's slip, from its card: one page.
  const one = await site.sql(`SELECT id FROM orders WHERE customer_email = 'ziggy@stardust.test'`)
  await slips.goto(`${site.url}/admin/packing-slips?order=${one.rows[0].id}`)
  await expect(slips.locator('article.slip')).toHaveCount(1)
  await expect(slips.locator('article.slip')).toContainText('Ziggy Stardust')
  expect(pdfPages(await slips.pdf({ format: 'A4' }))).toBe(1)
  await slips.close()
})
