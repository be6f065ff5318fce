import pg from 'pg'
import type { Page } from '@playwright/test'

import { startServer, type TestServer } from '../helpers/server'

import {
  addToCart,
  expect,
  productCard,
  seriousViolations,
  TEE,
  test,
  toastWith,
  VINYL,
  waitForHydration,
} from './fixtures'
import { openShop, proceedToCheckout, savedCart } from './support'

/** Reads of the server's database: what a visitor cannot see (order status, stock). */
const db = new pg.Pool({ connectionString: process.env.E2E_DATABASE_URL, max: 2 })
test.afterAll(() => db.end())

const orderBy = async (email: string) =>
  (
    await db.query(
      'SELECT id, status, total_amount, subtotal_amount, shipping_amount FROM orders WHERE customer_email = $1 ORDER BY created_at',
      [email],
    )
  ).rows
const teeOption = async (size: string) =>
  (
    await db.query(
      `SELECT o.id, o.inventory FROM product_options o JOIN products p ON p.id = o.product_id_id WHERE p.name = $1 AND o.value = $2`,
      [TEE, size],
    )
  ).rows.map((row) => ({ id: row.id as string, inventory: Number(row.inventory) }))[0]!

const uniqueEmail = (what: string) => `${what}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`

const VALID = {
  'Full Name': 'Alex Buyer',
  'Phone Number': '555-123-4567',
  'Street Address': '123 Main Street',
  City: 'Portland',
  State: 'OR',
  'ZIP Code': '97201',
}

/** Every field too short (the email is 'not-an-email'), and the message each then shows. */
const INVALID = {
  'Full Name': 'A',
  'Phone Number': '555-1234',
  'Street Address': '1 A',
  City: 'P',
  State: 'O',
  'ZIP Code': '972',
}
const INVALID_MESSAGES = {
  'Full Name': 'Name must be at least 2 characters',
  Email: 'Please enter a valid email address',
  'Phone Number': 'Phone number must be at least 10 digits',
  'Street Address': 'Street address is required',
  City: 'City is required',
  State: 'State is required',
  'ZIP Code': 'ZIP code is required',
}

const createButton = (page: Page) => page.getByRole('button', { name: 'Create Order & Proceed to Payment' })

async function fillForm(
  page: Page,
  email: string,
  overrides: Partial<Record<keyof typeof VALID | 'Email', string>> = {},
) {
  const values = { ...VALID, Email: email, ...overrides }
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value)
}

/** From the landing page through the cart panel to /checkout. */
async function goToCheckout(page: Page, baseURL: string | undefined, add: () => Promise<void>) {
  await openShop(page)
  await add()
  await proceedToCheckout(page, baseURL)
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible()
}

async function placeOrder(page: Page, email: string) {
  await fillForm(page, email)
  await createButton(page).click()
  await expect(toastWith(page, 'Order Created')).toContainText('Please complete payment to finalize your order.')
  await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible()
}

/** A cart with one Tee (L) at $19.00, saved before the price went up. */
async function saveCartAtOldPrice(page: Page, productId: string, optionId: string) {
  await page.evaluate(
    ({ productId, optionId }) =>
      localStorage.setItem(
        'shopping-cart',
        JSON.stringify({
          state: {
            items: [
              {
                id: 'old-line',
                productId,
                name: 'Neon Lullabies Tour Tee',
                price: '19.00',
                quantity: 1,
                imageUrl: null,
                selectedOption: { id: optionId, name: 'Size', value: 'L', priceAdjustment: '0.00' },
              },
            ],
          },
          version: 1,
        }),
      ),
    { productId, optionId },
  )
}

/** The checkout page's tests, in two blocks of this title. */
const CHECKOUT_PAGE = 'checkout page'

test.describe(CHECKOUT_PAGE, () => {
  test('a visitor buys a sized shirt with the test provider: form errors, order, Pay (test), /success, cart emptied, order paid', async ({
    page,
    baseURL,
  }) => {
    const paypalRequests: string[] = []
    page.on('request', (request) => {
      if (/paypal\.com|paypalobjects\.com/.test(request.url())) paypalRequests.push(request.url())
    })
    const stockBefore = (await teeOption('M')).inventory
    await goToCheckout(page, baseURL, () => addToCart(page, TEE, 'M'))

    // The order summary.
    const summary = page.getByRole('region', { name: 'Order Summary' })
    await expect(summary.getByTestId('summary-line')).toHaveCount(1)
    await expect(summary.getByTestId('summary-line')).toContainText(TEE)
    await expect(summary.getByTestId('summary-line')).toContainText('Size: M')
    await expect(summary.getByTestId('summary-subtotal')).toHaveText('$25.00')
    await expect(summary.getByTestId('summary-shipping')).toHaveText('$5.00')
    await expect(summary.getByTestId('summary-total')).toHaveText('$30.00')

    // Bad input: every field's message, linked to its input, focus on the first invalid field.
    await fillForm(page, 'not-an-email', INVALID)
    await createButton(page).click()
    for (const [label, message] of Object.entries(INVALID_MESSAGES)) {
      const input = page.getByLabel(label, { exact: true })
      await expect(input).toHaveAttribute('aria-invalid', 'true')
      await expect(input).toHaveAccessibleDescription(message)
    }
    await expect(page.getByLabel('Full Name', { exact: true })).toBeFocused()
    expect(await seriousViolations(page)).toEqual([])
    // Nothing was ordered.
    expect(await orderBy('not-an-email')).toEqual([])

    // A message goes once its field is corrected.
    await page.getByLabel('Full Name', { exact: true }).fill('Alex Buyer')
    await expect(page.getByLabel('Full Name', { exact: true })).not.toHaveAttribute('aria-invalid')
    await expect(page.getByText('Name must be at least 2 characters')).toHaveCount(0)
    await expect(page.getByText('Please enter a valid email address')).toBeVisible()

    const email = uniqueEmail('paid')
    await placeOrder(page, email)
    const [created] = await orderBy(email)
    expect(created).toMatchObject({
      status: 'pending',
      total_amount: '30.00',
      subtotal_amount: '25.00',
      shipping_amount: '5.00',
    })
    const testCard = page.getByRole('region', { name: 'Test payment' })
    await expect(testCard).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await testCard.getByRole('button', { name: 'Pay (test)' }).click()
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/success\\?order=[0-9a-f-]{36}$`))
    await expect(page.getByRole('heading', { name: 'Order Complete!' })).toBeVisible()
    await expect(toastWith(page, 'Payment Successful!')).toContainText('Your order has been completed successfully.')

    expect((await savedCart(page)).state.items).toEqual([])
    expect((await orderBy(email)).map((o) => o.status)).toEqual(['paid'])
    expect((await teeOption('M')).inventory).toBe(stockBefore - 1)
    // PayPal's script is never fetched with the test provider.
    expect(paypalRequests).toEqual([])

    // The emptied cart shows on the landing page.
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await waitForHydration(page)
    await expect(page.getByTestId('cart-badge')).toHaveCount(0)
  })
})

test.describe(CHECKOUT_PAGE, () => {
  test("'Decline (test)' shows 'Payment Failed' and keeps the order, which is then paid: one order, no second", async ({
    page,
    baseURL,
  }) => {
    await goToCheckout(page, baseURL, () => addToCart(page, VINYL))
    const email = uniqueEmail('declined')
    await placeOrder(page, email)

    await page.getByRole('button', { name: 'Decline (test)' }).click()
    await expect(toastWith(page, 'Payment Failed')).toContainText(
      'Your payment could not be processed. Please try again.',
    )
    // The same order waits to be paid again, saying so.
    await expect(page.getByRole('heading', { name: 'Complete Payment' })).toBeVisible()
    await expect(page.getByRole('alert').filter({ hasText: 'is kept: pay it again below.' })).toBeVisible()
    expect((await orderBy(email)).map((o) => o.status)).toEqual(['failed'])
    // The cart is kept.
    await expect(page.getByRole('region', { name: 'Order Summary' }).getByTestId('summary-line')).toContainText(VINYL)

    await page.getByRole('button', { name: 'Pay (test)' }).click()
    await expect(page).toHaveURL(/\/success\?order=/)
    expect((await orderBy(email)).map((o) => o.status)).toEqual(['paid'])
    await expect(page.getByTestId('receipt')).toContainText(`1 × ${VINYL}`)
  })

  test("an empty cart shows the 'Empty Cart' toast and goes back to /", async ({ page, baseURL }) => {
    await page.goto('/checkout')
    await expect(toastWith(page, 'Empty Cart')).toBeVisible()
    await expect(page).toHaveURL(`${baseURL}/`)
  })

  test("a cart price the server no longer agrees with: 'Failed to create order. Please try again.' and the reason, no order", async ({
    page,
  }) => {
    await openShop(page)
    await expect(productCard(page, TEE)).toBeVisible()
    const option = await teeOption('L')
    const product = (await db.query('SELECT id FROM products WHERE name = $1', [TEE])).rows[0] as { id: string }
    // A cart saved before the price went up.
    await saveCartAtOldPrice(page, product.id, option.id)
    await page.goto('/checkout')
    // The quote already tells the price changed, before any order is attempted.
    await expect(page.getByRole('alert').filter({ hasText: 'The price of' })).toContainText('$25.00')
    const email = uniqueEmail('stale')
    await fillForm(page, email)
    await createButton(page).click()
    await expect(toastWith(page, 'Error')).toContainText('Failed to create order. Please try again.')
    await expect(page.getByRole('alert').filter({ hasText: 'The price of' })).toContainText('$25.00')
    await expect(createButton(page)).toBeEnabled()
    expect(await orderBy(email)).toEqual([])
  })
})

test.describe('checkout without a payment provider in production', () => {
  let server: TestServer
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    server = await startServer({ NODE_ENV: 'production' })
  })
  test.afterAll(async () => {
    await server?.stop()
  })

  test('says payments are not configured; the order button stays disabled', async ({ page }) => {
    await openShop(page, `${server.url}/`)
    await addToCart(page, VINYL)
    await page.goto(`${server.url}/checkout`)
    await expect(
      page.getByRole('alert').filter({ hasText: 'Payments are not configured on this site yet.' }),
    ).toBeVisible()
    await expect(createButton(page)).toBeDisabled()
    expect(await seriousViolations(page)).toEqual([])
  })
})
