import { expect, test, type Browser, type Page } from '@playwright/test'
import type { ParsedMail } from 'mailparser'

import { startMailbox, type Mailbox } from '../helpers/smtp'

import { seriousViolations, waitForHydration } from './fixtures'
import { OWNER, signIn, startSite, type Site } from './support'

/**
 * One price from the cart to the emails: the checkout shows the server's quote for the country and
 * code before the order exists, the order and the payment are that quote, a declined payment is
 * paid again on the same order, and the success page, both emails and the Orders tab show the
 * same lines, at a phone's width and a desktop's. Against the production server with the demo
 * content and a real SMTP server.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 })

const TEE = 'Neon Lullabies Tour Tee'

let site: Site
let mailbox: Mailbox

test.beforeAll(async () => {
  // A server of its own, seeded with the demo content.
  test.setTimeout(180_000)
  mailbox = await startMailbox()
  site = await startSite({ SMTP_URL: mailbox.url, SEED_DEMO: 'true', MAIL_FROM: 'shop@band.test' })
  // The US ships free over $75 (else $5), Germany at $12; nothing else is shipped to.
  await site.sql(`INSERT INTO shipping_settings (zones, rest_of_world_cents) VALUES ($1::jsonb, NULL)`, [
    JSON.stringify([
      { name: 'United States', countries: ['US'], rateCents: 500, freeOverCents: 7500 },
      { name: 'Germany', countries: ['DE'], rateCents: 1200, freeOverCents: null },
    ]),
  ])
  await site.sql(`INSERT INTO discount_codes (code, kind, value) VALUES ('FALL15', 'percent', 15)`)
  await site.sql(`INSERT INTO discount_codes (code, kind, value, min_subtotal) VALUES ('BIGSPEND', 'amount', 10, 500)`)
})

test.afterAll(async () => {
  await site?.stop()
  await mailbox?.close()
})

/** No element makes the page scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0)
}

/** A fresh browser of the given width with four tees (size M, $25 each: $100) in its cart. */
async function fanWithCart(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 860 }, isMobile: width < 500 })
  const page = await context.newPage()
  await page.goto(site.url)
  await waitForHydration(page)
  const card = page.getByTestId('product-card').filter({ has: page.getByRole('heading', { name: TEE, exact: true }) })
  await card.locator('label').filter({ hasText: /^M$/ }).click()
  await card.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByRole('button', { name: /^Cart/ }).click()
  const panel = page.getByRole('dialog', { name: 'Your Cart' })
  for (let n = 0; n < 3; n++) await panel.getByRole('button', { name: `Increase quantity of ${TEE}` }).click()
  await expect(panel.getByTestId('cart-subtotal')).toHaveText('$100.00')
  // The cart knows no country: it says how shipping is priced instead of inventing $5.00.
  await expect(panel.getByTestId('cart-shipping')).toHaveText('By country, at checkout')
  await panel.getByRole('button', { name: 'Proceed to Checkout' }).click()
  await expect(page).toHaveURL(`${site.url}/checkout`)
  return page
}

async function fillCustomer(page: Page, email: string) {
  await page.getByLabel('Full Name', { exact: true }).fill('Robin Fan')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Phone Number', { exact: true }).fill('5035550100')
  await page.getByLabel('Street Address', { exact: true }).fill('1 Burnside St')
  await page.getByLabel('City', { exact: true }).fill('Portland')
  await page.getByLabel('State', { exact: true }).fill('OR')
  await page.getByLabel('ZIP Code', { exact: true }).fill('97209')
}

const totals = (page: Page) => page.getByRole('region', { name: 'Order Summary' }).getByTestId('summary-totals')

/** The amounts of an email's text body: "Subtotal: $100.00" → {Subtotal: 10000, …} in cents. */
function emailAmounts(mail: ParsedMail): Record<string, number> {
  const amounts: Record<string, number> = {}
  for (const match of (mail.text ?? '').matchAll(
    /^\s+(Subtotal|Discount[^:]*|Shipping|Total):\s+(-?)\$(\d+)\.(\d\d)$/gm,
  )) {
    const cents = Number(match[3]) * 100 + Number(match[4])
    amounts[match[1]!.startsWith('Discount') ? 'Discount' : match[1]!] = match[2] ? -cents : cents
  }
  return amounts
}

/** The owner, signed in at this width, on the dashboard's Orders tab. */
async function ownerOnOrdersTab(browser: Browser, width: number): Promise<Page> {
  const team = await (await browser.newContext({ viewport: { width, height: 860 }, isMobile: width < 500 })).newPage()
  await signIn(team, site, OWNER.email, OWNER.password)
  await team
    .getByRole('navigation', { name: /^Dashboard/ })
    .filter({ visible: true })
    .getByRole('button', { name: 'Orders', exact: true })
    .click()
  return team
}

for (const width of [390, 1280]) {
  test(`at ${width} px: the quote is shown before the order, the order is the quote, a decline is paid again, and every screen and email agrees`, async ({
    browser,
  }) => {
    const email = `fan-${width}@fans.test`
    const page = await fanWithCart(browser, width)

    // The US ships free over $75: the $100 cart's total is $100.00 before any order exists.
    await expect(totals(page).getByTestId('summary-shipping')).toHaveText('$0.00')
    await expect(totals(page).getByTestId('summary-total')).toHaveText('$100.00')
    const country = page.getByLabel('Country', { exact: true })
    await country.selectOption({ label: 'Germany' })
    await expect(totals(page).getByTestId('summary-shipping')).toHaveText('$12.00')
    await expect(totals(page).getByTestId('summary-total')).toHaveText('$112.00')
    await country.selectOption({ label: 'Japan' })
    await expect(totals(page).getByTestId('summary-shipping')).toHaveText('Not available')
    await expect(page.getByTestId('summary-not-shipped')).toHaveText("Sorry, we don't ship to Japan yet.")
    await country.selectOption({ label: 'United States' })
    await expect(totals(page).getByTestId('summary-total')).toHaveText('$100.00')

    // A code is applied before the order: refused with its reason, then one that applies.
    const code = page.getByLabel('Discount code', { exact: true })
    await code.fill('bigspend')
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await expect(code).toHaveAccessibleDescription('This discount code needs an order of at least $500.00.')
    await expect(totals(page).getByTestId('summary-total')).toHaveText('$100.00')
    await code.fill('fall15')
    await page.getByRole('button', { name: 'Apply', exact: true }).click()
    await expect(totals(page).getByTestId('summary-discount')).toHaveText('-$15.00')
    await expect(totals(page)).toContainText('Discount (FALL15)')
    await expect(totals(page).getByTestId('summary-total')).toHaveText('$85.00')
    await expectNoSidewaysScroll(page)
    expect(await seriousViolations(page)).toEqual([])

    await fillCustomer(page, email)
    await page.getByRole('button', { name: 'Create Order & Proceed to Payment' }).click()
    const payment = page.getByRole('heading', { name: 'Complete Payment' })
    await expect(payment).toBeVisible()
    await expect(page.getByText(/^Order #[0-9a-f]{8} · Total \$85\.00$/)).toBeVisible()
    await expect(totals(page).getByTestId('summary-total')).toHaveText('$85.00')

    // Declined: the same order stays to be paid again; no second order is made.
    await page.getByRole('button', { name: 'Decline (test)' }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Your payment could not be processed.' })).toBeVisible()
    await expect(payment).toBeVisible()
    await page.getByRole('button', { name: 'Pay (test)' }).click()
    await expect(page).toHaveURL(/\/success\?order=/)
    const { rows } = await site.sql(
      `SELECT id, status, subtotal_amount, discount_amount, shipping_amount, total_amount FROM orders WHERE customer_email = $1`,
      [email],
    )
    expect(rows).toEqual([
      {
        id: expect.any(String),
        status: 'paid',
        subtotal_amount: '100.00',
        discount_amount: '15.00',
        shipping_amount: '0.00',
        total_amount: '85.00',
      },
    ])
    const number = (rows[0].id as string).slice(0, 8)

    // The success page names the order, its items and the total paid.
    const receipt = page.getByTestId('receipt')
    await expect(receipt.getByRole('heading', { name: `Order #${number}` })).toBeVisible()
    await expect(receipt.getByRole('list', { name: 'Items' })).toContainText(`4 × ${TEE} (M)`)
    await expect(receipt.getByTestId('receipt-discount')).toHaveText('-$15.00')
    await expect(receipt.getByTestId('receipt-total')).toHaveText('$85.00')
    await expectNoSidewaysScroll(page)
    expect(await seriousViolations(page)).toEqual([])

    // The confirmation's lines add up to its total, the quote's.
    const confirmation = await mailbox.waitFor((m) => m.subject === `Your order #${number} from The Midnight Static`)
    expect(emailAmounts(confirmation)).toEqual({ Subtotal: 10000, Discount: -1500, Shipping: 0, Total: 8500 })
    expect(confirmation.html).toContain('Discount (FALL15)')

    // The team ships it from the Orders tab at the same width.
    const team = await ownerOnOrdersTab(browser, width)
    const card = team.getByLabel(`Order #${number}`, { exact: true })
    await expect(card).toContainText('Discount (FALL15)')
    await expect(card).toContainText('-$15.00')
    await expect(card).toContainText('$85.00')
    await expectNoSidewaysScroll(team)
    expect(await seriousViolations(team)).toEqual([])
    await card.getByRole('button', { name: 'Mark as Shipped' }).click()
    const dialog = team.getByRole('alertdialog').or(team.getByRole('dialog'))
    await dialog.getByRole('button', { name: 'Mark as Shipped' }).click()
    await expect(card).toContainText('shipped')
    const shipped = await mailbox.waitFor((m) => /shipped/i.test(m.subject ?? '') && (m.text ?? '').includes(number))
    expect(emailAmounts(shipped)).toEqual({ Subtotal: 10000, Discount: -1500, Shipping: 0, Total: 8500 })
    await team.context().close()
    await page.context().close()
  })
}
