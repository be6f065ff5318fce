import pg from 'pg'

import { addToCart, expect, openCart, TEE, test, toastWith, waitForHydration } from './fixtures'
import { keepShippingRates } from './support'

/** Discount codes and shipping by country at the checkout page, paid with the test provider. */

const db = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 })
let restoreShipping: (() => Promise<void>) | undefined
test.beforeAll(async () => {
  restoreShipping = await keepShippingRates(db)
})
// The shared site's shipping rates are put back as they were.
test.afterAll(async () => {
  await restoreShipping?.()
  await db.end()
})

/** Europe at 12.00 beside the US at the flat 5.00 (what the team would set in the dashboard). */
async function shipToEurope() {
  const zones = JSON.stringify([
    { name: 'United States', countries: ['US'], rateCents: 500, freeOverCents: null },
    { name: 'Europe', countries: ['DE', 'FR', 'NL'], rateCents: 1200, freeOverCents: null },
  ])
  const updated = await db.query('UPDATE shipping_settings SET zones = $1::jsonb, rest_of_world_cents = NULL', [zones])
  if (updated.rowCount === 0)
    await db.query('INSERT INTO shipping_settings (zones, rest_of_world_cents) VALUES ($1::jsonb, NULL)', [zones])
}

test('a fan in Germany enters a discount code and pays with the test provider', async ({ page, baseURL }) => {
  await shipToEurope()
  const code = `BERLIN${Date.now().toString(36).toUpperCase()}`
  await db.query(`INSERT INTO discount_codes (code, kind, value) VALUES ($1, 'percent', 10)`, [code])
  const email = `berlin-${Date.now()}@example.com`

  await page.goto('/')
  await waitForHydration(page)
  await addToCart(page, TEE, 'M')
  const panel = await openCart(page)
  await panel.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(`${baseURL}/checkout`)

  // US by default; choosing Germany asks for a postal code and makes the state optional.
  const country = page.getByLabel('Country', { exact: true })
  await expect(country).toHaveValue('US')
  await country.selectOption({ label: 'Germany' })
  await page.getByLabel('Full Name', { exact: true }).fill('Lena Fan')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Phone Number', { exact: true }).fill('+49 30 1234567')
  await page.getByLabel('Street Address', { exact: true }).fill('Torstraße 1')
  await page.getByLabel('City', { exact: true }).fill('Berlin')
  await expect(page.getByLabel('State / Province (optional)', { exact: true })).toBeVisible()
  await page.getByLabel('Postal Code', { exact: true }).fill('1011')
  // Shipping to Germany and the code are priced before the order exists.
  const totals = page.getByTestId('summary-totals')
  await expect(totals.getByTestId('summary-shipping')).toHaveText('$12.00')
  await page.getByLabel('Discount code', { exact: true }).fill(code.toLowerCase())
  await page.getByRole('button', { name: 'Apply', exact: true }).click()
  await expect(totals.getByTestId('summary-discount')).toHaveText('-$2.50')
  await expect(totals.getByTestId('summary-total')).toHaveText('$34.50')
  await page.getByRole('button', { name: 'Create Order & Proceed to Payment' }).click()
  await expect(page.getByLabel('Postal Code', { exact: true })).toHaveAccessibleDescription(
    'Enter a postal code as used in Germany',
  )

  await page.getByLabel('Postal Code', { exact: true }).fill('10115')
  await page.getByRole('button', { name: 'Create Order & Proceed to Payment' }).click()
  await expect(toastWith(page, 'Order Created')).toBeVisible()
  await expect(totals).toContainText('Shipping to Germany$12.00')
  await expect(totals).toContainText(`Discount (${code})-$2.50`)
  await expect(totals).toContainText('Total$34.50')

  await page.getByRole('region', { name: 'Test payment' }).getByRole('button', { name: 'Pay (test)' }).click()
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/success\\?order=[0-9a-f-]{36}$`))
  const { rows } = await db.query(
    `SELECT status, subtotal_amount, shipping_amount, discount_amount, total_amount, shipping_address->>'country' AS country
     FROM orders WHERE customer_email = $1`,
    [email],
  )
  expect(rows).toEqual([
    {
      status: 'paid',
      subtotal_amount: '25.00',
      shipping_amount: '12.00',
      discount_amount: '2.50',
      total_amount: '34.50',
      country: 'DE',
    },
  ])
  expect(Number((await db.query('SELECT uses FROM discount_codes WHERE code = $1', [code])).rows[0].uses)).toBe(1)
})
