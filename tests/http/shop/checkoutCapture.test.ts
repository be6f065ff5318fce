import { describe, expect, it } from 'vitest'

import {
  boundShirtOrder,
  Buyer,
  checkout,
  createProduct,
  createShirt,
  orderBody,
  startPayment,
} from '../../helpers/checkout'
import { useAdminSite } from '../../helpers/adminSite'

/** Captures of checkout payments on the production server, with the built-in test payment provider. */

// The worker's shared site, whose local server takes the built-in test payments.
const site = useAdminSite({ db: true })
const buyer = () => new Buyer(site.server.url, { forwardedFor: site.address() })
/** A cart line of the shirt's size at its price of 25.00. */
const shirtLine = (shirt: { productId: string; optionId: string }, quantity = 1) => ({
  productId: shirt.productId,
  productOptionId: shirt.optionId,
  quantity,
  price: '25.00',
})

describe('POST /api/paypal/order/{id}/capture (test provider)', () => {
  it('pays the order and takes its stock once, even when captured twice', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const b = buyer()
    const result = await checkout(b, [shirtLine(shirt, 2)])
    expect(result).toMatchObject({ stage: 'capture', status: 200, body: { status: 'paid' } })
    expect(await site.db.optionStock(shirt.optionId)).toBe(3)
    const again = await b.json('POST', `/api/paypal/order/${result.paypalOrderId}/capture`)
    expect(again).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(await site.db.optionStock(shirt.optionId)).toBe(3)
    expect(await b.json('GET', `/api/orders/${result.orderId}`)).toMatchObject({ body: { status: 'paid' } })
    const order = await site.db.order(result.orderId)
    expect(order.paypal_capture_id).toMatch(/^TESTCAP-/)
    expect(order.paid_at).not.toBeNull()
  })

  it('two captures of one order at the same moment make one paid order and one decrement', async () => {
    const b = buyer()
    const { shirt, created } = await boundShirtOrder(site.owner, b, 5)
    const payment = await b.json('POST', '/api/paypal/order', { amount: '30.00', currency: 'USD', intent: 'CAPTURE' })
    const both = await Promise.all([0, 1].map(() => b.json('POST', `/api/paypal/order/${payment.body.id}/capture`)))
    expect(both.map((r) => [r.status, r.body.status])).toEqual([
      [200, 'paid'],
      [200, 'paid'],
    ])
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
    const confirmations = (await site.db.emailJobs('alex@example.com')).filter((j) =>
      j.input.subject.includes(created.body.id.slice(0, 8)),
    )
    expect(confirmations).toHaveLength(1)
  })

  it('a declined payment fails the order and gives the stock back', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const b = buyer()
    const result = await checkout(b, [shirtLine(shirt)], { testOutcome: 'declined' })
    expect(result).toMatchObject({
      status: 402,
      body: { status: 'failed', message: 'Your payment could not be processed. Please try again.' },
    })
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
    expect(await b.json('GET', `/api/orders/${result.orderId}`)).toMatchObject({ body: { status: 'failed' } })
  })

  it('a pending payment leaves the order pending with its stock held', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const b = buyer()
    const result = await checkout(b, [shirtLine(shirt)], { testOutcome: 'pending' })
    expect(result).toMatchObject({ status: 202, body: { status: 'pending' } })
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
  })

  it('another browser cannot capture someone else’s payment', async () => {
    const vinyl = await createProduct(site.owner)
    const b = buyer()
    const created = await b.json('POST', '/api/orders', orderBody([{ productId: vinyl, quantity: 1, price: '30.00' }]))
    await b.post('/api/checkout/bind', { orderId: created.body.id })
    const payment = await b.json('POST', '/api/paypal/order', {})
    expect((await buyer().json('POST', `/api/paypal/order/${payment.body.id}/capture`)).status).toBe(404)
    expect((await site.db.order(created.body.id)).status).toBe('pending')
  })

  it('stock that ran out between ordering and paying fails the order without charging', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 1 })
    const line = [shirtLine(shirt)]
    const first = buyer()
    const second = buyer()
    const a = await first.json('POST', '/api/orders', orderBody(line))
    const b = await second.json('POST', '/api/orders', orderBody(line))
    expect([a.status, b.status]).toEqual([201, 201])
    await first.post('/api/checkout/bind', { orderId: a.body.id })
    await second.post('/api/checkout/bind', { orderId: b.body.id })
    const payA = await first.json('POST', '/api/paypal/order', {})
    const payB = await second.json('POST', '/api/paypal/order', {})
    expect((await first.json('POST', `/api/paypal/order/${payA.body.id}/capture`)).body.status).toBe('paid')
    const late = await second.json('POST', `/api/paypal/order/${payB.body.id}/capture`)
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({
      status: 'failed',
      message: `Sorry, ${shirt.name} (M) sold out before your payment went through. You have not been charged.`,
    })
    expect((await site.db.order(b.body.id)).failure_reason).toBe('out of stock')
    expect(await site.db.optionStock(shirt.optionId)).toBe(0)
  })
})

/** A 10 % code without a limit of uses, and how many uses it counts now. */
async function tenPercentCode() {
  const code = `LATE${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.toUpperCase()
  const made = await site.owner.json('POST', '/api/admin/discount-codes', { code, kind: 'percent', value: 10 })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  const uses = async () => (await site.owner.json('GET', `/api/admin/discount-codes/${made.body.id}`)).body.uses
  return { code, uses }
}

/** An order of `lines` with `code`, its payment started (startPayment) and not yet captured. */
async function orderToPay(lines: ReturnType<typeof shirtLine>[], code: string) {
  const b = buyer()
  const started = await startPayment(b, lines, { discountCode: code })
  expect([started.stage, started.status], JSON.stringify(started.body)).toEqual(['payment', 200])
  return {
    capture: () => b.json('POST', `/api/paypal/order/${started.paypalOrderId}/capture`),
    orderId: started.orderId,
  }
}

describe('a payment refused because its item sold out meanwhile', () => {
  const soldOut = (name: string) =>
    `Sorry, ${name} (M) sold out before your payment went through. You have not been charged.`

  it('uses none of its discount code', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 1 })
    const { code, uses } = await tenPercentCode()
    const late = await orderToPay([shirtLine(shirt)], code)
    expect((await checkout(buyer(), [shirtLine(shirt)])).body.status).toBe('paid')
    const refused = await late.capture()
    expect([refused.status, refused.body.message]).toEqual([409, soldOut(shirt.name)])
    expect((await site.db.order(late.orderId)).failure_reason).toBe('out of stock')
    expect(await uses()).toBe(0)
  })

  it('uses none of its code either when only its lines together are short', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 2 })
    const { code, uses } = await tenPercentCode()
    // Two lines of the size: each fits the one unit left on its own, both together do not.
    const late = await orderToPay([shirtLine(shirt), shirtLine(shirt)], code)
    expect((await checkout(buyer(), [shirtLine(shirt)])).body.status).toBe('paid')
    const refused = await late.capture()
    expect([refused.status, refused.body.message]).toEqual([409, soldOut(shirt.name)])
    expect(await uses()).toBe(0)
    expect(await site.db.optionStock(shirt.optionId)).toBe(1)
  })
})

describe('30 buyers at once for a size with stock 5', () => {
  it('exactly 5 are paid, the rest are refused or failed with a clear message, stock ends at 0, no 5xx', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const line = [shirtLine(shirt)]
    const results = await Promise.all(Array.from({ length: 30 }, () => checkout(buyer(), line)))
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500)
    const paid = results.filter((r) => r.stage === 'capture' && r.status === 200 && r.body.status === 'paid')
    expect(paid).toHaveLength(5)
    for (const r of results.filter((r) => !paid.includes(r))) {
      expect(r.status).toBe(409)
      expect(r.body.message).toMatch(/sold out|left in stock/)
    }
    expect(await site.db.optionStock(shirt.optionId)).toBe(0)
    const statuses = await site.db.query(
      `SELECT o.status, count(*)::int AS n FROM orders o JOIN order_items i ON i.order_id_id = o.id
       WHERE i.product_option_id_id = $1 GROUP BY o.status`,
      [shirt.optionId],
    )
    expect(statuses.find((s) => s.status === 'paid')?.n).toBe(5)
    expect(statuses.find((s) => s.status === 'pending')).toBeUndefined()
  }, 120_000)
})
