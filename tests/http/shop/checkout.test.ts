import { describe, expect, it } from 'vitest'

import { Buyer, createProduct, createShirt, orderBody } from '../../helpers/checkout'
import { CHECKOUT_FIELD_MESSAGES } from '../../helpers/checkoutForm'
import { useAdminSite } from '../../helpers/adminSite'

/** Orders and payments at checkout on the production server, with the built-in test payment provider. */

// The worker's shared site, whose local server takes the built-in test payments.
const site = useAdminSite({ db: true })
const buyer = () => new Buyer(site.server.url, { forwardedFor: site.address() })
/** A new buyer's order of these lines, with the form's valid details. */
const orderOf = (lines: Parameters<typeof orderBody>[0]) => buyer().json('POST', '/api/orders', orderBody(lines))

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
    expect(body.errors).toMatchObject({ ...CHECKOUT_FIELD_MESSAGES, items: 'Your cart is empty' })
  })

  it('prices the order on the server: subtotal, shipping 5.00 and total, with item snapshots', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const vinyl = await createProduct(site.owner, { price: 30, stock: 10 })
    const { status, body } = await orderOf([
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 2, price: '25.00' },
      { productId: vinyl, quantity: 1, price: '30.00' },
    ])
    expect(status).toBe(201)
    expect(body).toMatchObject({
      status: 'pending',
      subtotalAmount: '80.00',
      shippingAmount: '5.00',
      totalAmount: '85.00',
    })
    const order = await site.db.order(body.id)
    expect(order.customer_email).toBe('alex@example.com')
    expect(order.shipping_address).toMatchObject({ street: '123 Main Street', zipCode: '97201', country: 'US' })
    const items = await site.db.items(body.id)
    expect(items.map((i) => [i.product_name, i.option_value, Number(i.quantity), i.price])).toEqual([
      [shirt.name, 'M', 2, '25.00'],
      [expect.stringContaining('Test Vinyl'), null, 1, '30.00'],
    ])
    // Nothing is taken from stock until the payment is captured.
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
  })

  it('refuses a client price of 0.01 for a 25.00 shirt with 409 and writes no order', async () => {
    const shirt = await createShirt(site.owner, { price: 25 })
    const before = (await site.db.query('SELECT count(*)::int AS n FROM orders'))[0].n
    const { status, body } = await orderOf([
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '0.01' },
    ])
    expect(status).toBe(409)
    expect(body.message).toMatch(/price of .* is now \$25\.00/)
    expect((await site.db.query('SELECT count(*)::int AS n FROM orders'))[0].n).toBe(before)
  })

  it('refuses a lower client total with 409', async () => {
    const shirt = await createShirt(site.owner, { price: 25 })
    const { status, body } = await buyer().json('POST', '/api/orders', {
      ...orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
      totalAmount: '5.00',
    })
    expect(status).toBe(409)
    expect(body.message).toContain('$30.00')
  })

  it('refuses more than the stock, a sold-out item and a missing size with a clear message', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 2 })
    const line = { productId: shirt.productId, productOptionId: shirt.optionId, price: '25.00' }
    const tooMany = await orderOf([{ ...line, quantity: 3 }])
    expect(tooMany.status).toBe(409)
    expect(tooMany.body.message).toBe(
      `Sorry, only 2 of ${shirt.name} (M) are left in stock. Please lower the quantity.`,
    )

    const poster = await createProduct(site.owner, { price: 20, stock: 0 })
    const soldOut = await orderOf([{ productId: poster, quantity: 1, price: '20.00' }])
    expect(soldOut.status).toBe(409)
    expect(soldOut.body.message).toMatch(/is sold out/)

    const noSize = await orderOf([{ productId: shirt.productId, quantity: 1, price: '25.00' }])
    expect(noSize.status).toBe(409)
    expect(noSize.body.message).toBe(`Please choose a size for ${shirt.name}.`)
  })
})

describe('POST /api/checkout/bind and GET /api/orders/{id}', () => {
  it('shows the status only to the bound browser and to team members; anyone else gets 404', async () => {
    const vinyl = await createProduct(site.owner)
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

    expect(await site.owner.json('GET', `/api/orders/${id}`)).toMatchObject({
      status: 200,
      body: { id, status: 'pending' },
    })
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
    const vinyl = await createProduct(site.owner, { price: 30 })
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
      const foreign = new Buyer(site.server.url, { origin: 'https://evil.example', forwardedFor: site.address() })
      expect((await foreign.post(route, {})).status).toBe(403)
    })
  }

  it('GET /api/orders/{id} answers 404 for a malformed id', async () => {
    expect((await buyer().json('GET', '/api/orders/not-an-id')).status).toBe(404)
    expect((await buyer().json('POST', '/api/paypal/order/..%2F..%2Fetc/capture', {})).status).toBe(404)
  })
})

describe('compression', () => {
  const gzip = { 'Accept-Encoding': 'gzip, deflate, br' }

  it('answers to checkout writes are plain JSON even when the browser accepts gzip; pages and public GETs stay gzipped', async () => {
    const shirt = await createShirt(site.owner, { price: 25 })
    const b = buyer()
    const line = { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }
    const created = await b.post('/api/orders', orderBody([line]), gzip)
    expect(created.status).toBe(201)
    expect(created.headers.get('content-encoding')).toBeNull()
    const { id } = await created.json()
    const bound = await b.post('/api/checkout/bind', { orderId: id }, gzip)
    expect(bound.status).toBe(200)
    expect(bound.headers.get('content-encoding')).toBeNull()

    for (const path of ['/', '/api/products']) {
      const res = await b.request('GET', path, undefined, gzip)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-encoding'), path).toBe('gzip')
    }
  })
})
