import type { Page } from '@playwright/test'
import pg from 'pg'

import { expect, ownerClient, test } from './fixtures'
import { keepShippingRates, pngFile } from './support'
import { OWNER } from './globalSetup'

/**
 * Details of the dashboard a team member trips over: "UK" as a country code, a pre-order in the
 * low-stock list, the till link's QR code in its box, and the product image's upload hint.
 */
test.describe.configure({ timeout: 90_000 })

const db = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 })
const stamp = Date.now().toString(36)
let restoreShipping: (() => Promise<void>) | undefined
const cleanup: (() => Promise<unknown>)[] = []

const PREORDER = `Preorder Vinyl ${stamp}`

test.beforeAll(async ({ baseURL }) => {
  restoreShipping = await keepShippingRates(db)
  const owner = await ownerClient(baseURL!)
  const product = await owner.json('POST', '/api/admin/products', {
    name: PREORDER,
    price: '30',
    inventory: 0,
    isActive: true,
  })
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  cleanup.push(() => owner.json('DELETE', `/api/admin/products/${product.body.id}`))
  // One copy sold beyond the stock, as a pre-order does.
  await db.query(`UPDATE products SET preorder_ships_on = '2031-03-06', inventory = -1 WHERE id = $1`, [
    product.body.id,
  ])
})

test.afterAll(async () => {
  // The shared site's shipping rates are put back as they were.
  await restoreShipping?.()
  for (const undo of cleanup) await undo()
  await db.end()
})

async function signIn(page: Page, baseURL: string) {
  await page.goto('/admin')
  await page.getByLabel('Email').fill(OWNER.email)
  await page.getByLabel('Password').fill(OWNER.password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL(`${baseURL}/admin`)
}

const openTab = (page: Page, tab: string) =>
  page
    .getByRole('navigation', { name: 'Dashboard', exact: true })
    .getByRole('button', { name: tab, exact: true })
    .click()

test('"UK" in a shipping zone is taken as GB', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openTab(page, 'Products')
  const form = page.getByRole('form', { name: 'Shipping rates' })
  await form.getByRole('button', { name: 'Add zone' }).click()
  const zone = form.getByRole('group', { name: /^Zone \d+$/ }).last()
  await zone.getByLabel('Zone name').fill('Britain')
  await zone.getByLabel('Countries').fill('UK, ie')
  await zone.getByLabel('Rate ($)').fill('9.00')
  await form.getByRole('button', { name: 'Save shipping rates' }).click()
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Shipping rates saved')).toBeVisible()
  const { rows } = await db.query('SELECT zones FROM shipping_settings')
  expect(rows[0].zones).toContainEqual({
    name: 'Britain',
    countries: ['GB', 'IE'],
    rateCents: 900,
    freeOverCents: null,
  })
  await expect(zone.getByLabel('Countries')).toHaveValue('GB, IE')
})

test('a pre-order in Low stock reads as a pre-order, never as a negative number left', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openTab(page, 'Orders')
  const row = page.getByRole('list', { name: 'Low stock' }).getByRole('listitem').filter({ hasText: PREORDER })
  await expect(row).toContainText('Pre-order: 1 ordered')
  await expect(row).not.toContainText('-1')
  await expect(row).not.toContainText('left')
})

test('the product dialog says what its Upload button does', async ({ page, baseURL }) => {
  await signIn(page, baseURL!)
  await openTab(page, 'Products')
  await page.getByRole('button', { name: `Edit ${PREORDER}` }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Choose product image').setInputFiles(pngFile())
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeVisible()
  await expect(dialog).toContainText('Press Upload to upload it now, or it is uploaded when you save.')
  await expect(dialog).not.toContainText('Uploaded when you save')
})

test("the till link's QR code stays inside its white box", async ({ page, baseURL }) => {
  const owner = await ownerClient(baseURL!)
  const show = await owner.json('POST', '/api/admin/shows', {
    title: `QR Night ${stamp}`,
    venue: 'The Basement',
    date: '2031-05-14',
    isActive: false,
  })
  expect(show.status, JSON.stringify(show.body)).toBe(201)
  cleanup.push(() => owner.json('DELETE', `/api/admin/shows/${show.body.id}`))

  await signIn(page, baseURL!)
  await page.goto(`/admin/shows/${show.body.id}/merch`)
  await page.getByRole('button', { name: 'Create till link' }).click()
  const box = page.getByRole('img', { name: 'QR code of the till link' })
  await expect(box).toBeVisible()
  const [outer, code, padding] = await Promise.all([
    box.boundingBox(),
    box.locator('svg').boundingBox(),
    box.evaluate((el) => parseFloat(getComputedStyle(el).paddingRight)),
  ])
  expect(code!.x).toBeGreaterThanOrEqual(outer!.x)
  expect(code!.y).toBeGreaterThanOrEqual(outer!.y)
  expect(code!.x + code!.width).toBeLessThanOrEqual(outer!.x + outer!.width - padding + 0.5)
  expect(code!.y + code!.height).toBeLessThanOrEqual(outer!.y + outer!.height - padding + 0.5)
})
