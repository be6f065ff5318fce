import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Buyer, checkout, createProduct, createShirt, Db, orderBody } from '../helpers/checkout'
import { Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

/** The checkout's server side with the built-in test payment provider, on the production server. */

let server: TestServer
let owner: Client
let db: Db
let ip = 10
const buyer = () => new Buyer(server.url, { forwardedFor: `198.51.100.${ip++}` })

const OWNER = { email: 'owner@example.com', password: 'owner-password' }

beforeAll(async () => {
  server = await startServer({ OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password, PAYMENT_PROVIDER: 'test' })
  owner = new Client(server.url, { forwardedFor: '198.51.100.2' })
  expect((await owner.post('/api/auth/login', OWNER)).status).toBe(200)
  db = new Db(server.databaseUrl)
})
afterAll(async () => {
  await db?.end()
  await server?.stop()
})

describe('POST /api/orders', () => {
  it('refuses an incomplete form with the checkout messages', async () => {
    const { status, body } = await buyer().json('POST', '/api/orders', {
      customerName: 'A',
      customerEmail: 'not-an-email',
      customerPhone: '12345',
      shippingAddress: { street: '1 A', city: 'X', state: 'O', zipCode: '123' },
      items: [],
    })
    expect(status).toBe(400)
    expect(body.errors).toMatchObject({
      customerName: 'Name must be at least 2 characters',
      customerEmail: 'Please enter a valid email address',
      customerPhone: 'Phone number must be at least 10 digits',
      'shippingAddress.street': 'Street address is required',
      'shippingAddress.city': 'City is required',
      'shippingAddress.state': 'State is required',
      'shippingAddress.zipCode': 'ZIP code is required',
      items: 'Your cart is empty',
    })
  })

  it('prices the order on the server: subtotal, shipping 5.00 and total, with item snapshots', async () => {
    const shirt = await createShirt(owner, { price: 25, stock: 5 })
    const vinyl = await createProduct(owner, { price: 30, stock: 10 })
    const { status, body } = await buyer().json(
      'POST',
      '/api/orders',
      orderBody([
        { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 2, price: '25.00' },
        { productId: vinyl, quantity: 1, price: '30.00' },
      ]),
    )
    expect(status).toBe(201)
    expect(body).toMatchObject({
      status: 'pending',
      subtotalAmount: '80.00',
      shippingAmount: '5.00',
      totalAmount: '85.00',
    })
    const order = await db.order(body.id)
    expect(order.customer_email).toBe('alex@example.com')
    expect(order.shipping_address).toMatchObject({ street: '123 Main Street', zipCode: '97201', country: 'US' })
    const items = await db.items(body.id)
    expect(items.map((i) => [i.product_name, i.option_value, Number(i.quantity), i.price])).toEqual([
      [shirt.name, 'M', 2, '25.00'],
      [expect.stringContaining('Test Vinyl'), null, 1, '30.00'],
    ])
    // Nothing is taken from stock until the payment is captured.
    expect(await db.optionStock(shirt.optionId)).toBe(5)
  })

  it('refuses a client price of 0.01 for a 25.00 shirt with 409 and writes no order', async () => {
    const shirt = await createShirt(owner, { price: 25 })
    const before = (await db.query('SELECT count(*)::int AS n FROM orders'))[0].n
    const { status, body } = await buyer().json(
      'POST',
      '/api/orders',
      orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '0.01' }]),
    )
    expect(status).toBe(409)
    expect(body.message).toMatch(/price of .* is now \$25\.00/)
    expect((await db.query('SELECT count(*)::int AS n FROM orders'))[0].n).toBe(before)
  })

  it('refuses a lower client total with 409', async () => {
    const shirt = await createShirt(owner, { price: 25 })
    const { status, body } = await buyer().json('POST', '/api/orders', {
      ...orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
      totalAmount: '5.00',
    })
    expect(status).toBe(409)
    expect(body.message).toContain('$30.00')
  })

  it('refuses more than the stock, a sold-out item and a missing size with a clear message', async () => {
    const shirt = await createShirt(owner, { price: 25, stock: 2 })
    const line = { productId: shirt.productId, productOptionId: shirt.optionId, price: '25.00' }
    const tooMany = await buyer().json('POST', '/api/orders', orderBody([{ ...line, quantity: 3 }]))
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.message).toBe(
      `Sorry, only 2 of ${shirt.name} (M) are left in stock. Please lower the quantity.`,
    )

    const poster = await createProduct(owner, { price: 20, stock: 0 })
    const soldOut = await buyer().json(
      'POST',
      '/api/orders',
      orderBody([{ productId: poster, quantity: 1, price: '20.00' }]),
    )
    expect(soldOut.status).toBe(409)
    expect(soldOut.body.message).toMatch(/is sold out/)

    const noSize = await buyer().json(
      'POST',
      '/api/orders',
      orderBody([{ productId: shirt.productId, quantity: 1, price: '25.00' }]),
    )
    expect(noSize.status).toBe(409)
    expect(noSize.body.message).toBe(`Please choose a size for ${shirt.name}.`)
  })
})

describe('POST /api/checkout/bind and GET /api/orders/{id}', () => {
  it('shows the status only to the bound browser and to team members; anyone else gets 404', async () => {
    const vinyl = await createProduct(owner)
    const alice = buyer()
    const created = await alice.json(
      'POST',
      '/api/orders',
      orderBody([{ productId: vinyl, quantity: 1, price: '30.00' }]),
    )
    const id = created.body.id
    expect((await alice.json('GET', `/api/orders/${id}`)).status).toBe(404)

    const bound = await alice.post('/api/checkout/bind', { orderId: id })
    expect(bound.status).toBe(200)
    const cookie = bound.headers.getSetCookie().find((c) => c.startsWith('checkout-orders='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(await alice.json('GET', `/api/orders/${id}`)).toMatchObject({ status: 200, body: { id, status: 'pending' } })
    expect(Object.keys((await alice.json('GET', `/api/orders/${id}`)).body).sort()).toEqual(['id', 'status'])

    // Another browser polling someone's order id, or trying to claim it, gets 404.
    const mallory = buyer()
    expect((await mallory.json('GET', `/api/orders/${id}`)).status).toBe(404)
    expect((await mallory.json('POST', '/api/checkout/bind', { orderId: id })).status).toBe(404)
    expect((await mallory.json('GET', `/api/orders/${id}`)).status).toBe(404)
    // A forged cookie naming the order is ignored.
    mallory.checkoutCookie = `checkout-orders=${id}.forged`
    expect((await mallory.json('GET', `/api/orders/${id}`)).status).toBe(404)

    expect(await owner.json('GET', `/api/orders/${id}`)).toMatchObject({ status: 200, body: { id, status: 'pending' } })
    expect((await alice.json('GET', '/api/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })
})

describe('GET /api/paypal/setup', () => {
  it('names the test provider and gives a client token', async () => {
    const { status, body } = await buyer().json('GET', '/api/paypal/setup')
    expect(status).toBe(200)
    expect(body).toMatchObject({ provider: 'test', clientId: null, currency: 'USD', intent: 'CAPTURE' })
    expect(body.clientToken).toEqual(expect.any(String))
  })
})

describe('POST /api/paypal/order', () => {
  it('refuses a lower amount with 409 and otherwise creates one payment for the server total', async () => {
    const vinyl = await createProduct(owner, { price: 30 })
    const b = buyer()
    const created = await b.json('POST', '/api/orders', orderBody([{ productId: vinyl, quantity: 1, price: '30.00' }]))
    await b.post('/api/checkout/bind', { orderId: created.body.id })
    const lower = await b.json('POST', '/api/paypal/order', { amount: '1.00', currency: 'USD', intent: 'CAPTURE' })
    expect(lower.status).toBe(409)
    expect(lower.body.message).toBe('The amount to pay is $35.00, the order total.')
    const first = await b.json('POST', '/api/paypal/order', { amount: '35.00', currency: 'USD', intent: 'CAPTURE' })
    expect(first).toMatchObject({ status: 200, body: { orderId: created.body.id, amount: '35.00', currency: 'USD' } })
    const again = await b.json('POST', '/api/paypal/order', { currency: 'USD', intent: 'CAPTURE' })
    expect(again.body.id).toBe(first.body.id)
  })

  it('answers 404 to a browser with no bound order', async () => {
    expect(
      (await buyer().json('POST', '/api/paypal/order', { amount: '35.00', currency: 'USD', intent: 'CAPTURE' })).status,
    ).toBe(404)
  })
})

describe('POST /api/paypal/order/{id}/capture (test provider)', () => {
  it('pays the order and takes its stock once, even when captured twice', async () => {
    const shirt = await createShirt(owner, { price: 25, stock: 5 })
    const b = buyer()
    const result = await checkout(b, [
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 2, price: '25.00' },
    ])
    expect(result).toMatchObject({ stage: 'capture', status: 200, body: { status: 'paid' } })
    expect(await db.optionStock(shirt.optionId)).toBe(3)
    const again = await b.json('POST', `/api/paypal/order/${result.paypalOrderId}/capture`)
    expect(again).toMatchObject({ status: 200, body: { status: 'paid' } })
    expect(await db.optionStock(shirt.optionId)).toBe(3)
    expect(await b.json('GET', `/api/orders/${result.orderId}`)).toMatchObject({ body: { status: 'paid' } })
    const order = await db.order(result.orderId)
    expect(order.paypal_capture_id).toMatch(/^TESTCAP-/)
    expect(order.paid_at).not.toBeNull()
  })

  it('two captures of one order at the same moment make one paid order and one decrement', async () => {
    const shirt = await createShirt(owner, { price: 25, stock: 5 })
    const b = buyer()
    const created = await b.json(
      'POST',
      '/api/orders',
      orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
    )
    await b.post('/api/checkout/bind', { orderId: created.body.id })
    const payment = await b.json('POST', '/api/paypal/order', { amount: '30.00', currency: 'USD', intent: 'CAPTURE' })
    const both = await Promise.all([0, 1].map(() => b.json('POST', `/api/paypal/order/${payment.body.id}/capture`)))
    expect(both.map((r) => [r.status, r.body.status])).toEqual([
      [200, 'paid'],
      [200, 'paid'],
    ])
    expect(await db.optionStock(shirt.optionId)).toBe(4)
    const confirmations = (await db.emailJobs('alex@example.com')).filter((j) =>
      j.input.subject.includes(created.body.id.slice(0, 8)),
    )
    expect(confirmations).toHaveLength(1)
  })

  it('a declined payment fails the order and gives the stock back', async () => {
    const shirt = await createShirt(owner, { price: 25, stock: 5 })
    const b = buyer()
    const result = await checkout(
      b,
      [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }],
      { testOutcome: 'declined' },
    )
    expect(result).toMatchObject({
      status: 402,
      body: { status: 'failed', message: 'Your payment could not be processed. Please try again.' },
    })
    expect(await db.optionStock(shirt.optionId)).toBe(5)
    expect(await b.json('GET', `/api/orders/${result.orderId}`)).toMatchObject({ body: { status: 'failed' } })
  })

  it('a pending payment leaves the order pending with its stock held', async () => {
    const shirt = await createShirt(owner, { price: 25, stock: 5 })
    const b = buyer()
    const result = await checkout(
      b,
      [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }],
      { testOutcome: 'pending' },
    )
    expect(result).toMatchObject({ status: 202, body: { status: 'pending' } })
    expect(await db.optionStock(shirt.optionId)).toBe(4)
  })

  it('another browser cannot capture someone else’s payment', async () => {
    const vinyl = await createProduct(owner)
    const b = buyer()
    const created = await b.json('POST', '/api/orders', orderBody([{ productId: vinyl, quantity: 1, price: '30.00' }]))
    await b.post('/api/checkout/bind', { orderId: created.body.id })
    const payment = await b.json('POST', '/api/paypal/order', {})
    expect((await buyer().json('POST', `/api/paypal/order/${payment.body.id}/capture`)).status).toBe(404)
    expect((await db.order(created.body.id)).status).toBe('pending')
  })

  it('stock that ran out between ordering and paying fails the order without charging', async () => {
    const shirt = await createShirt(owner, { price: 25, stock: 1 })
    const line = [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]
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
    expect((await db.order(b.body.id)).failure_reason).toBe('out of stock')
    expect(await db.optionStock(shirt.optionId)).toBe(0)
  })
})

describe('30 buyers at once for a size with stock 5', () => {
  it('exactly 5 are paid, the rest are refused or failed with a clear message, stock ends at 0, no 5xx', async () => {
    const shirt = await createShirt(owner, { price: 25, stock: 5 })
    const line = [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]
    const results = await Promise.all(Array.from({ length: 30 }, () => checkout(buyer(), line)))
    for (const r of results) expect(r.status, JSON.stringify(r.body)).toBeLessThan(500)
    const paid = results.filter((r) => r.stage === 'capture' && r.status === 200 && r.body.status === 'paid')
    expect(paid).toHaveLength(5)
    for (const r of results.filter((r) => !paid.includes(r))) {
      expect(r.status).toBe(409)
      expect(r.body.message).toMatch(/sold out|left in stock/)
    }
    expect(await db.optionStock(shirt.optionId)).toBe(0)
    const statuses = await db.query(
      `SELECT o.status, count(*)::int AS n FROM orders o JOIN order_items i ON i.order_id_id = o.id
       WHERE i.product_option_id_id = $1 GROUP BY o.status`,
      [shirt.optionId],
    )
    expect(statuses.find((s) => s.status === 'paid')?.n).toBe(5)
    expect(statuses.find((s) => s.status === 'pending')).toBeUndefined()
  }, 120_000)
})

describe('bad input to the checkout routes gets a clear JSON error, never a 500', () => {
  const routes = ['/api/orders', '/api/checkout/bind', '/api/paypal/order', '/api/paypal/order/TEST-ABC/capture']

  for (const route of routes) {
    it(`${route}: malformed JSON → 400, not JSON → 415, wrong shapes → 400 or 404, cross-site → 403`, async () => {
      expect((await buyer().post(route, '{"orderId": ', { 'Content-Type': 'application/json' })).status).toBe(400)
      expect((await buyer().post(route, 'a=b', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(
        415,
      )
      for (const body of [{}, [], null, 'text', { orderId: { $ne: '' }, items: 'x', testOutcome: 42, amount: [] }]) {
        const res = await buyer().post(route, JSON.stringify(body), { 'Content-Type': 'application/json' })
        const json = await res.json()
        expect([400, 404], `${route} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(json)}`).toContain(
          res.status,
        )
        expect(typeof json.message).toBe('string')
      }
      const foreign = new Buyer(server.url, { origin: 'https://evil.example', forwardedFor: `198.51.100.${ip++}` })
      expect((await foreign.post(route, {})).status).toBe(403)
    })
  }

  it('GET /api/orders/{id} answers 404 for a malformed id', async () => {
    expect((await buyer().json('GET', '/api/orders/not-an-id')).status).toBe(404)
    expect((await buyer().json('POST', '/api/paypal/order/..%2F..%2Fetc/capture', {})).status).toBe(404)
  })
})
