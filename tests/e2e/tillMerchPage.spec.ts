import pg from 'pg'

import { expect, ownClient, ownerClient, seriousViolations, test } from './fixtures'
import { OWNER } from './globalSetup'
import { submitSignIn } from './support'
import { night, overflowsSideways, PHONE, saleFromAnotherPhone } from './tillSteps'

/**
 * A show's merch page in the dashboard, in Chromium: till links with their QR code, the count-in
 * and count-out against the shop's stock, and the settlement, also on a phone.
 */

const db = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 })
test.afterAll(() => db.end())

test("the show's merch page makes a till link with its QR code and shows the settlement", async ({ page, baseURL }) => {
  const owner = await ownerClient(baseURL!)
  const t = await night(owner)
  await page.goto('/admin')
  await submitSignIn(page, baseURL!, OWNER.email, OWNER.password)
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Shows' }).click()
  await page.getByRole('link', { name: `Merch table: ${t.title}` }).click()
  await expect(page).toHaveURL(`${baseURL}/admin/shows/${t.showId}/merch`)
  await expect(page.getByRole('heading', { level: 1, name: /^Merch table: Basement Night/ })).toBeVisible()
  await page.getByRole('button', { name: 'Create till link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Till link created.' })).toBeVisible()
  const link = page.getByTestId('new-till-link')
  await expect(link.getByRole('img', { name: 'QR code of the till link' })).toBeVisible()
  const url = await link.getByRole('textbox').inputValue()
  expect(url).toMatch(/\/till\/[A-Za-z0-9_-]{43}$/)
  await expect(page.getByRole('list', { name: 'Till links' }).getByRole('listitem')).toHaveCount(2)
  expect(await seriousViolations(page)).toEqual([])

  await page.getByLabel(`Into the box: ${t.name}: M`).fill('4')
  await page.getByRole('button', { name: 'Save count-in' }).click()
  await expect(page.getByText('Count-in saved')).toBeVisible()
  expect((await db.query('SELECT inventory::int AS n FROM product_options WHERE id = $1', [t.sizes.M])).rows[0].n).toBe(
    1,
  )
  await expect(page.getByLabel(`Left in the box: ${t.name}: M`)).toBeVisible()
  await page.getByLabel(`Left in the box: ${t.name}: M`).fill('3')
  await page.getByLabel('Cash counted').fill('0')
  await page.getByRole('button', { name: 'Save count-out' }).click()
  await expect(page.getByText('Count-out saved')).toBeVisible()
  await expect(page.getByText(`Shrinkage (missing from the box): ${t.name}: M: 1`)).toBeVisible()
  expect((await db.query('SELECT inventory::int AS n FROM product_options WHERE id = $1', [t.sizes.M])).rows[0].n).toBe(
    4,
  )
})

test("on a phone, the merch page's count-out shows what was sold and should be left, and the settlement reads plainly", async ({
  browser,
  baseURL,
}) => {
  const owner = await ownerClient(baseURL!)
  const t = await night(owner)
  const M = { productId: t.productId, productOptionId: t.sizes.M! }
  const S = { productId: t.productId, productOptionId: t.sizes.S! }
  const counted = await owner.json('PUT', `/api/admin/shows/${t.showId}/count-in`, {
    lines: [
      { ...M, quantity: 4 },
      { ...S, quantity: 2 },
    ],
  })
  expect(counted.status, JSON.stringify(counted.body)).toBe(200)
  expect((await owner.json('PUT', `/api/admin/shows/${t.showId}/venue-cut`, { percent: 12.5 })).status).toBe(200)
  for (let i = 0; i < 3; i++) await saleFromAnotherPhone(baseURL!, t.path, t.productId, t.sizes.M!)

  const phone = await browser.newContext({ baseURL, ...PHONE, ...ownClient() })
  const page = await phone.newPage()
  await page.goto('/admin')
  await submitSignIn(page, baseURL!, OWNER.email, OWNER.password)
  await page.goto(`/admin/shows/${t.showId}/merch`)

  // Beside each count: in, sold from the box, and what should be left.
  const countOut = page.getByRole('table', { name: 'Count-out per product and size' })
  await expect(countOut.getByRole('columnheader')).toHaveText([
    'Item',
    'Counted in',
    'Sold',
    'Expected left',
    'Left in the box',
  ])
  await expect(countOut.getByRole('row', { name: new RegExp(`${t.name}: M`) }).getByRole('cell')).toHaveText([
    '4',
    '3',
    '1',
    '',
  ])
  await expect(countOut.getByRole('row', { name: new RegExp(`${t.name}: S`) }).getByRole('cell')).toHaveText([
    '2',
    '0',
    '2',
    '',
  ])

  // M as expected, one S missing; $2.00 short of the $75.00 taken in cash.
  await page.getByLabel(`Left in the box: ${t.name}: M`).fill('1')
  await page.getByLabel(`Left in the box: ${t.name}: S`).fill('1')
  await page.getByLabel('Cash counted').fill('73')
  await page.getByRole('button', { name: 'Save count-out' }).click()
  await expect(page.getByText('Count-out saved')).toBeVisible()
  const figures = page.getByTestId('settlement-figures')
  await expect(figures.locator('div').filter({ hasText: 'Cash over (short)' }).locator('dd')).toHaveText('-$2.00')
  await expect(figures.locator('div').filter({ hasText: 'Expected cash' }).locator('dd')).toHaveText('$75.00')
  await expect(page.getByText(/^Shrinkage \(missing from the box\)/)).toHaveText(
    `Shrinkage (missing from the box): ${t.name}: S: 1`,
  )

  // No amount is broken over two lines, and nothing is wider than the phone.
  const wrapped = await figures.locator('dd').evaluateAll((dds) =>
    dds
      .filter((dd) => {
        const range = document.createRange()
        range.selectNodeContents(dd)
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1
      })
      .map((dd) => dd.textContent),
  )
  expect(wrapped).toEqual([])
  expect(await overflowsSideways(page)).toBe(false)
  expect(await seriousViolations(page)).toEqual([])
  await phone.close()
})
