import { parse } from 'csv-parse/sync'
import { expect, type Download, type Page } from '@playwright/test'

import { openTab, type Site } from '../support'

import { test, toast } from './dashboard'

/** The Orders and Subscribers tabs, with their CSV exports. */
export function ordersAndSubscribersTabs() {
  ordersTests()
  subscribersTests()
}

/** A paid order of two Tour Shirt lines (one sized M) and a pending order without a name or address. */
async function seedOrders(site: Site): Promise<{ paid: string; pending: string }> {
  const product = (await site.sql(`SELECT id FROM products WHERE name = 'Tour Shirt'`)).rows[0].id as string
  const option = (await site.sql(`SELECT id FROM product_options WHERE value = 'M'`)).rows[0].id as string
  const paid = (
    await site.sql(
      `INSERT INTO orders (customer_email, customer_name, customer_phone, subtotal_amount, shipping_amount, total_amount, status, paypal_order_id, shipping_address, created_at)
       VALUES ('fan@example.com', 'Jamie Fan', '5035550100', 79.00, 5.00, 84.00, 'paid', 'PAYPAL-123', $1, now() - interval '1 hour') RETURNING id`,
      [JSON.stringify({ street: '123 Main St', city: 'Portland', state: 'OR', zip: '97201', country: 'US' })],
    )
  ).rows[0].id as string
  await site.sql(
    // Items are listed in the order they were added, as their creation times say.
    `INSERT INTO order_items (order_id_id, product_id_id, product_option_id_id, quantity, price, product_name, option_name, option_value, price_adjustment, created_at)
     VALUES ($1, $2, $3, 2, 27.00, 'Tour Shirt', 'Size', 'M', 2.00, now()), ($1, $2, NULL, 1, 25.00, 'Tour Shirt', NULL, NULL, 0, now() + interval '1 millisecond')`,
    [paid, product, option],
  )
  const pending = (
    await site.sql(
      `INSERT INTO orders (customer_email, subtotal_amount, shipping_amount, total_amount, status) VALUES ('anon@example.com', 25.00, 5.00, 30.00, 'pending') RETURNING id`,
    )
  ).rows[0].id as string
  return { paid, pending }
}

/** An order's card in the Orders tab, found by its number. */
const orderCard = (page: Page, id: string) =>
  page
    .getByRole('list', { name: 'Orders' })
    .getByRole('listitem')
    .filter({ hasText: `Order #${id.slice(0, 8)}` })

/** Presses Export CSV, which opens a new tab that downloads the file: the download and that tab (if any). */
async function exportOrders(page: Page): Promise<{ download: Download; popup: () => Page | null }> {
  let popup: Page | null = null
  // Chromium reports the download on the new tab or on the opener, depending on timing.
  const downloaded = new Promise<Download>((resolve, reject) => {
    page.once('download', resolve)
    page.context().once('page', (opened) => {
      popup = opened
      opened.once('download', resolve)
    })
    setTimeout(() => reject(new Error('No CSV download within 15 s')), 15_000)
  })
  await page.getByRole('button', { name: 'Export CSV' }).click()
  return { download: await downloaded, popup: () => popup }
}

/** The Orders tab (the first of the two 'Orders and Subscribers tabs' blocks). */
function ordersTests() {
  test.describe('Orders and Subscribers tabs', () => {
    test('orders with items, fulfilment, CSV export parsed back, and delete', async ({ page, site }) => {
      const { paid, pending } = await seedOrders(site)

      await page.reload()
      await openTab(page, 'Orders')
      const paidCard = orderCard(page, paid)
      await expect(paidCard).toContainText('Jamie Fan')
      await expect(paidCard).toContainText('fan@example.com')
      await expect(paidCard).toContainText('123 Main St, Portland, OR, 97201')
      await expect(paidCard).toContainText('$84.00')
      await expect(paidCard).toContainText('Tour Shirt (Size: M, +$2.00)')
      await expect(paidCard).toContainText('2 × $27.00')
      await expect(paidCard).toContainText('Subtotal$79.00')
      await expect(paidCard).toContainText('Shipping$5.00')
      await expect(paidCard).toContainText('PAYPAL-123')
      const badge = paidCard.getByText('paid', { exact: true })
      await expect(badge).toHaveClass(/bg-green/)
      const pendingCard = orderCard(page, pending)
      await expect(pendingCard).toContainText('No name provided')
      await expect(pendingCard).toContainText('No address provided')
      await expect(pendingCard.getByText('pending', { exact: true })).toHaveClass(/bg-gray/)
      await expect(pendingCard.getByRole('button', { name: /Mark as/ })).toHaveCount(0)

      // Shipping emails the customer, so it asks first, naming them and the email.
      await paidCard.getByRole('button', { name: 'Mark as Shipped' }).click()
      const ask = page.getByRole('alertdialog')
      await expect(ask).toContainText(/will be emailed "Your order #[0-9a-f]{8} has shipped"/)
      await ask.getByRole('button', { name: 'Mark as Shipped' }).click()
      await expect(toast('Order marked as shipped')).toBeVisible()
      await expect(paidCard.getByText('shipped', { exact: true })).toHaveClass(/bg-blue/)
      await paidCard.getByRole('button', { name: 'Mark as Completed' }).click()
      await expect(toast('Order marked as completed')).toBeVisible()
      await expect(paidCard.getByText('completed', { exact: true })).toHaveClass(/bg-purple/)
      await expect(paidCard.getByRole('button', { name: /Mark as/ })).toHaveCount(0)

      // Export CSV opens in a new tab, which downloads the file.
      const { download, popup } = await exportOrders(page)
      expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/)
      const rows = parse(await readDownload(download), { bom: true, columns: true }) as Record<string, string>[]
      const paidRows = rows.filter((r) => r['Order ID'] === paid)
      expect(
        paidRows.map((r) => [r.Product, r['Option Value'], r.Quantity, r['Unit Price'], r.Total, r.Status]),
      ).toEqual([
        ['Tour Shirt', 'M', '2', '27.00', '84.00', 'completed'],
        ['Tour Shirt', '', '1', '25.00', '84.00', 'completed'],
      ])
      expect(rows.filter((r) => r['Order ID'] === pending)).toHaveLength(1)
      await popup()?.close()

      await pendingCard.getByRole('button', { name: `Delete order #${pending.slice(0, 8)}` }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(toast('Order deleted successfully')).toBeVisible()
      await expect(pendingCard).toHaveCount(0)
      expect((await site.sql(`SELECT count(*)::int AS n FROM orders`)).rows[0].n).toBe(1)
    })
  })
}

/** The Subscribers tab (the second 'Orders and Subscribers tabs' block). */
function subscribersTests() {
  test.describe('Orders and Subscribers tabs', () => {
    test('subscribers with count, CSV export parsed back, delete confirmation and the notification summary', async ({
      page,
      site,
    }) => {
      await site.sql(
        `INSERT INTO subscribers (email, status, is_active, created_at) VALUES ('first@fans.test', 'confirmed', true, '2030-01-02T10:00:00Z'), ('second@fans.test', 'unsubscribed', false, '2030-02-03T10:00:00Z')`,
      )
      await page.reload()
      await openTab(page, 'Subscribers')
      // The count names confirmed fans; the unsubscribed one is listed, not counted.
      await expect(page.getByText('Total Subscribers: 1', { exact: true })).toBeVisible()
      await expect(page.getByText('1 more listed: waiting to confirm, unsubscribed or bounced.')).toBeVisible()
      const list = page.getByRole('list', { name: 'Subscribers' })
      await expect(list.getByRole('listitem').filter({ hasText: 'first@fans.test' })).toContainText('Active')
      await expect(list.getByRole('listitem').filter({ hasText: 'second@fans.test' })).toContainText('Inactive')
      await expect(list.getByRole('listitem').filter({ hasText: 'first@fans.test' })).toContainText(
        'Subscribed Jan 2, 2030',
      )
      await expect(page.getByRole('list', { name: 'Notification emails' }).getByRole('listitem')).toHaveText([
        'alerts@band.test',
        'tour@band.test',
      ])

      const downloadPromise = page.waitForEvent('download')
      await page.getByRole('link', { name: 'Export CSV' }).click()
      const download = await downloadPromise
      expect(download.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
      const rows = parse(await readDownload(download), { bom: true, columns: true }) as Record<string, string>[]
      expect(rows.map((r) => [r.Email, r.Active]).sort()).toEqual([
        ['first@fans.test', 'yes'],
        ['second@fans.test', 'no'],
      ])

      await list.getByRole('button', { name: 'Delete second@fans.test' }).click()
      await expect(page.getByRole('alertdialog')).toContainText(
        'Are you sure you want to delete the subscriber second@fans.test? This action cannot be undone.',
      )
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(toast('Subscriber deleted successfully')).toBeVisible()
      await expect(page.getByText('Total Subscribers: 1', { exact: true })).toBeVisible()
      await expect(page.getByText(/more listed/)).toHaveCount(0)
    })
  })
}

async function readDownload(download: Download): Promise<string> {
  const stream = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
