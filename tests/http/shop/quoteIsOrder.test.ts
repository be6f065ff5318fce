import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'

import { cms } from '../../helpers/checkout'
import { CUSTOMER } from '../../helpers/checkoutForm'
import { usePaypalSite } from '../../helpers/paypalSite'

/**
 * The quote is the order: over random carts, countries, shipping zones and discount codes, what
 * `POST /api/checkout/quote` answers is what `POST /api/orders` records, what PayPal (the strict
 * stand-in, which refuses a breakdown that does not add up) is asked to collect, and what the
 * confirmation, the team's notification and the shipped email show, whose lines add up to their
 * total.
 */
const site = usePaypalSite()

const ADDRESSES: Record<string, typeof CUSTOMER.shippingAddress> = {
  US: CUSTOMER.shippingAddress,
  DE: { street: 'Torstraße 1', city: 'Berlin', state: '', zipCode: '10115', country: 'DE' },
  GB: { street: '10 Downing Street', city: 'London', state: '', zipCode: 'SW1A 2AA', country: 'GB' },
  JP: { street: '1-1 Chiyoda', city: 'Tokyo', state: 'Tokyo', zipCode: '100-0001', country: 'JP' },
  CA: { street: '24 Sussex Drive', city: 'Ottawa', state: 'ON', zipCode: 'K1M 1M4', country: 'CA' },
}

type Product = { productId: string; optionId: string; price: string }
const products: Product[] = []

beforeAll(async () => {
  for (const [price, adjustment, unit] of [
    ['19.99', '0', '19.99'],
    ['25.00', '2.50', '27.50'],
    ['7.35', '0', '7.35'],
  ] as const) {
    const product = await cms(site.owner, 'POST', '/products', {
      name: `Quote Item ${price}`,
      price: Number(price),
      inventory: 0,
      isActive: true,
    })
    const option = await cms(site.owner, 'POST', '/product-options', {
      productId: product.id,
      name: 'Size',
      value: 'L',
      priceAdjustment: Number(adjustment),
      inventory: 10_000,
      isActive: true,
    })
    products.push({ productId: product.id, optionId: option.id, price: unit })
  }
})

const cents = (amount: string) => Math.round(Number(amount) * 100)

/** The amounts of an email's text body ("  Subtotal: $100.00"), in cents, in the order they appear. */
function emailLines(text: string): [string, number][] {
  return [...text.matchAll(/^\s+(Subtotal|Discount[^:]*|Shipping|Total):\s+(-?)\$(\d+)\.(\d\d)$/gm)].map((m) => [
    m[1]!.startsWith('Discount') ? 'Discount' : m[1]!,
    (m[2] ? -1 : 1) * (Number(m[3]) * 100 + Number(m[4])),
  ])
}

function expectAddsUp(text: string, expected: { subtotal: number; discount: number; shipping: number; total: number }) {
  const lines = Object.fromEntries(emailLines(text))
  expect(lines.Subtotal).toBe(expected.subtotal)
  expect((lines.Discount ?? 0) + expected.discount).toBe(0)
  expect(lines.Shipping).toBe(expected.shipping)
  expect(lines.Total).toBe(expected.total)
  expect(lines.Subtotal + (lines.Discount ?? 0) + lines.Shipping).toBe(lines.Total)
}

const zone = fc.record({
  rateCents: fc.integer({ min: 0, max: 2500 }),
  freeOverCents: fc.option(fc.integer({ min: 1000, max: 30000 }), { nil: null }),
})
const code = fc.option(
  fc.record({
    kind: fc.constantFrom('percent', 'amount', 'freeShipping'),
    value: fc.integer({ min: 1, max: 100 }),
    amountCents: fc.integer({ min: 1, max: 20000 }),
    firstProductOnly: fc.boolean(),
    minSubtotalCents: fc.option(fc.integer({ min: 100, max: 30000 }), { nil: null }),
  }),
  { nil: null },
)
const scenario = fc.record({
  lines: fc.array(fc.record({ product: fc.integer({ min: 0, max: 2 }), quantity: fc.integer({ min: 1, max: 6 }) }), {
    minLength: 1,
    maxLength: 4,
  }),
  country: fc.constantFrom('US', 'DE', 'GB', 'JP', 'CA'),
  us: zone,
  europe: fc.option(zone, { nil: null }),
  restOfWorldCents: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null }),
  code,
})

type Scenario = typeof scenario extends fc.Arbitrary<infer S> ? S : never

/** The scenario's shipping zones, in place of the site's. */
async function setShippingZones(s: Scenario) {
  await site.db.query('DELETE FROM shipping_settings')
  await site.db.query('INSERT INTO shipping_settings (zones, rest_of_world_cents) VALUES ($1::jsonb, $2)', [
    JSON.stringify([
      { name: 'United States', countries: ['US'], ...s.us },
      ...(s.europe ? [{ name: 'Europe', countries: ['DE', 'GB'], ...s.europe }] : []),
    ]),
    s.restOfWorldCents,
  ])
}

/** Stores the scenario's code under a new name for this run; the name, or undefined without a code. */
async function addDiscountCode(code: Scenario['code'], run: number): Promise<string | undefined> {
  if (!code) return undefined
  const discountCode = `Q${Date.now().toString(36)}${run}`.toUpperCase()
  await site.db.query(
    `INSERT INTO discount_codes (code, kind, value, min_subtotal, product_ids) VALUES ($1, $2, $3, $4, $5::jsonb)`,
    [
      discountCode,
      code.kind,
      // An amount code's value is stored in cents.
      code.kind === 'percent' ? code.value : code.kind === 'amount' ? code.amountCents : null,
      code.minSubtotalCents === null ? null : code.minSubtotalCents / 100,
      JSON.stringify(code.firstProductOnly ? [products[0]!.productId] : []),
    ],
  )
  return discountCode
}

/** The cart of the scenario's lines, at the prices the buyer saw. */
const cartItems = (lines: Scenario['lines']) =>
  lines.map((l) => ({
    productId: products[l.product]!.productId,
    productOptionId: products[l.product]!.optionId,
    quantity: l.quantity,
    price: products[l.product]!.price,
  }))

/** A quote's amounts in cents. */
const quoteCents = (quote: Record<string, string>) => ({
  subtotal: cents(quote.subtotalAmount!),
  discount: cents(quote.discountAmount!),
  shipping: cents(quote.shippingAmount!),
  total: cents(quote.totalAmount!),
})

/** The emails queued that name this order's number. */
async function emailsAbout(orderId: string): Promise<{ text: string; subject: string }[]> {
  const jobs = await site.db.query(
    `SELECT input FROM payload_jobs WHERE task_slug = 'sendEmail' AND input->>'text' LIKE $1`,
    [`%${orderId.slice(0, 8)}%`],
  )
  return jobs.map((j: { input: { text: string; subject: string } }) => j.input)
}

describe('the quote is the order, the payment and the emails', () => {
  it('for random carts, countries, zones and codes', { timeout: 600_000 }, async () => {
    let run = 0
    let paid = 0
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        run++
        await setShippingZones(s)
        const discountCode = await addDiscountCode(s.code, run)
        const items = cartItems(s.lines)
        const buyer = site.buyer()
        const asked = await buyer.json('POST', '/api/checkout/quote', { items, country: s.country, discountCode })
        expect(asked.status, JSON.stringify(asked.body)).toBe(200)
        const quote = asked.body
        expect(cents(quote.subtotalAmount) - cents(quote.discountAmount) + cents(quote.shippingAmount)).toBe(
          cents(quote.totalAmount),
        )
        expect(quote.lines.reduce((sum: number, l: { amount: string }) => sum + cents(l.amount), 0)).toBe(
          cents(quote.subtotalAmount),
        )

        const email = `quote-${run}-${Date.now()}@fans.test`
        const placed = await buyer.json('POST', '/api/orders', {
          ...CUSTOMER,
          customerEmail: email,
          shippingAddress: ADDRESSES[s.country],
          items,
          discountCode,
          subtotalAmount: quote.subtotalAmount,
          shippingAmount: quote.shippingAmount,
          totalAmount: quote.totalAmount,
        })
        if (quote.discountMessage) {
          // A code the quote refused is refused by the order with the same words.
          expect(placed.status).toBe(400)
          expect(placed.body.errors.discountCode).toBe(quote.discountMessage)
          return
        }
        if (!quote.shipsToCountry) {
          expect(placed.status).toBe(400)
          expect(placed.body.errors['shippingAddress.country']).toMatch(/^Sorry, we don't ship to .+ yet\.$/)
          return
        }
        expect(placed.status, JSON.stringify(placed.body)).toBe(201)
        const { id, status: _status, ...amounts } = placed.body
        expect(amounts).toEqual({
          subtotalAmount: quote.subtotalAmount,
          discountAmount: quote.discountAmount,
          discountCode: quote.discountCode,
          shippingAmount: quote.shippingAmount,
          totalAmount: quote.totalAmount,
        })
        if (quote.totalAmount === '0.00') return // nothing for PayPal to collect

        await buyer.post('/api/checkout/bind', { orderId: id })
        const created = await buyer.json('POST', '/api/paypal/order', { orderId: id, amount: quote.totalAmount })
        expect(created.status, JSON.stringify(created.body)).toBe(200)
        const atPaypal = site.paypal.orders.get(created.body.id)!.amount as unknown as {
          value: string
          breakdown: Record<string, { value: string }>
        }
        expect(atPaypal.value).toBe(quote.totalAmount)
        expect(atPaypal.breakdown.item_total!.value).toBe(quote.subtotalAmount)
        expect(atPaypal.breakdown.shipping!.value).toBe(quote.shippingAmount)
        expect(atPaypal.breakdown.discount!.value).toBe(quote.discountAmount)
        site.paypal.scenario = 'completed'
        const captured = await buyer.json('POST', `/api/paypal/order/${created.body.id}/capture`)
        expect(captured.status, JSON.stringify(captured.body)).toBe(200)
        const shipped = await site.owner.json('PUT', `/api/admin/orders/${id}/status`, { status: 'shipped' })
        expect(shipped.status, JSON.stringify(shipped.body)).toBe(200)
        paid++

        const expected = quoteCents(quote)
        const texts = await emailsAbout(id)
        // The buyer's confirmation and shipped emails, and the team's notification when one is set.
        expect(texts.filter((t) => t.subject.includes('shipped')).length).toBe(1)
        expect(texts.filter((t) => t.subject.startsWith('Your order')).length).toBeGreaterThanOrEqual(1)
        for (const t of texts) expectAddsUp(t.text, expected)
      }),
      { numRuns: 40 },
    )
    // The runs reached the payment often enough to mean something.
    expect(paid).toBeGreaterThan(5)
  })
})
