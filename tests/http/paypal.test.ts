import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Buyer, checkout, createShirt, Db, orderBody } from '../helpers/checkout'
import { captureEvent, FAKE_CREDENTIALS, FakePaypal, refundEvent } from '../helpers/fakePaypal'
import { Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

/** The PayPal adapter and webhook, against a local server speaking PayPal's REST API. */

let server: TestServer
let paypal: FakePaypal
let owner: Client
let db: Db
let ip = 10
const buyer = () => new Buyer(server.url, { forwardedFor: `203.0.113.${ip++}` })

const OWNER = { email: 'owner@example.com', password: 'owner-password' }

beforeAll(async () => {
  paypal = await new FakePaypal().start()
  server = await startServer({
    OWNER_EMAIL: OWNER.email,
    OWNER_PASSWORD: OWNER.password,
    PAYPAL_CLIENT_ID: FAKE_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: FAKE_CREDENTIALS.clientSecret,
    PAYPAL_WEBHOOK_ID: FAKE_CREDENTIALS.webhookId,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_TIMEOUT_MS: '1000',
  })
  owner = new Client(server.url, { forwardedFor: '203.0.113.2' })
  expect((await owner.post('/api/auth/login', OWNER)).status).toBe(200)
  db = new Db(server.databaseUrl)
})
afterAll(async () => {
  await db?.end()
  await server?.stop()
  await paypal?.stop()
})

/** A bound order for one shirt, with its PayPal order created. */
async function approvedOrder(stock = 5) {
  const shirt = await createShirt(owner, { price: 25, stock })
  const b = buyer()
  const created = await b.json(
    'POST',
    '/api/orders',
    orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
  )
  expect(created.status).toBe(201)
  await b.post('/api/checkout/bind', { orderId: created.body.id })
  const payment = await b.json('POST', '/api/paypal/order', { amount: '30.00', currency: 'USD', intent: 'CAPTURE' })
  expect(payment.status, JSON.stringify(payment.body)).toBe(200)
  return { b, shirt, orderId: created.body.id as string, paypalOrderId: payment.body.id as string }
}

/** Delivers a webhook as PayPal does: the body text PayPal signed, with its signature headers. */
async function signedInOwner(base: string, origin: string) {
  const client = new Client(base, { forwardedFor: '203.0.113.3', origin })
  expect((await client.post('/api/auth/login', OWNER)).status).toBe(200)
  return client
}

async function webhook(event: unknown, valid = true) {
  const id = `WH-TX-${Math.random().toString(36).slice(2)}`
  const body = typeof event === 'string' ? event : JSON.stringify(event)
  const res = await fetch(`${server.url}/api/paypal/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...paypal.signWebhook(id, body, valid) },
    body,
  })
  return { status: res.status, body: await res.json() }
}

describe('GET /api/paypal/setup with PayPal credentials', () => {
  it('names PayPal with its client id and a client token from PayPal', async () => {
    const { status, body } = await buyer().json('GET', '/api/paypal/setup')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      provider: 'paypal',
      clientId: FAKE_CREDENTIALS.clientId,
      clientToken: 'fake-client-token',
      currency: 'USD',
      intent: 'CAPTURE',
    })
  })
})

describe('POST /api/paypal/order', () => {
  it('creates the PayPal order for the server total with custom_id and a PayPal-Request-Id, once', async () => {
    const { b, orderId, paypalOrderId } = await approvedOrder()
    const create = paypal.requests.filter(
      (r) => r.path === '/v2/checkout/orders' && r.body?.purchase_units?.[0]?.custom_id === orderId,
    )
    expect(create).toHaveLength(1)
    expect(create[0]!.headers['paypal-request-id']).toBe(`order-${orderId}`)
    expect(create[0]!.body.purchase_units[0].amount).toEqual({ currency_code: 'USD', value: '30.00' })
    expect((await b.json('POST', '/api/paypal/order', {})).body.id).toBe(paypalOrderId)
    expect((await db.order(orderId)).paypal_order_id).toBe(paypalOrderId)
  })

  it('refuses a lower amount with 409 and asks PayPal for nothing', async () => {
    const shirt = await createShirt(owner, { price: 25 })
    const b = buyer()
    const created = await b.json(
      'POST',
      '/api/orders',
      orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
    )
    await b.post('/api/checkout/bind', { orderId: created.body.id })
    const lower = await b.json('POST', '/api/paypal/order', { amount: '0.01', currency: 'USD', intent: 'CAPTURE' })
    expect(lower.status).toBe(409)
    expect(paypal.requests.some((r) => r.body?.purchase_units?.[0]?.custom_id === created.body.id)).toBe(false)
  })
})

describe('POST /api/paypal/order/{id}/capture', () => {
  it('approved and COMPLETED: the order is paid, stock taken once', async () => {
    paypal.scenario = 'completed'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured).toMatchObject({ status: 200, body: { id: paypalOrderId, orderId, status: 'paid' } })
    expect(await db.optionStock(shirt.optionId)).toBe(4)
    const order = await db.order(orderId)
    expect(order.paypal_capture_id).toBe(paypal.orders.get(paypalOrderId)!.capture!.id)
    // Captured again: no second capture at PayPal, no second decrement.
    expect((await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)).body.status).toBe('paid')
    expect(paypal.capturesPerformed.get(paypalOrderId)).toBe(1)
    expect(await db.optionStock(shirt.optionId)).toBe(4)
  })

  it('PENDING, then a COMPLETED webhook makes the order paid', async () => {
    paypal.scenario = 'pending'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured).toMatchObject({ status: 202, body: { status: 'pending' } })
    expect(await db.optionStock(shirt.optionId)).toBe(4)
    const captureId = paypal.orders.get(paypalOrderId)!.capture!.id
    const event = captureEvent('COMPLETED', {
      eventId: `WH-${orderId}`,
      captureId,
      paypalOrderId,
      orderId,
      value: '30.00',
    })
    expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true, duplicate: false } })
    expect(await b.json('GET', `/api/orders/${orderId}`)).toMatchObject({ body: { status: 'paid' } })
    expect(await db.optionStock(shirt.optionId)).toBe(4)
  })

  it('DECLINED: the order fails and its stock comes back', async () => {
    paypal.scenario = 'declined'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured).toMatchObject({
      status: 402,
      body: { status: 'failed', message: 'Your payment could not be processed. Please try again.' },
    })
    expect(await db.optionStock(shirt.optionId)).toBe(5)
    expect((await db.order(orderId)).failure_reason).toBe('payment declined')
  })

  it('a 5xx from PayPal is retried with the same request id and then succeeds', async () => {
    paypal.scenario = 'flaky'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured).toMatchObject({ status: 200, body: { status: 'paid' } })
    const attempts = paypal.captureRequests(paypalOrderId)
    expect(attempts.length).toBe(2)
    expect(new Set(attempts.map((r) => r.headers['paypal-request-id']))).toEqual(new Set([`capture-${orderId}`]))
    expect(paypal.capturesPerformed.get(paypalOrderId)).toBe(1)
    expect(await db.optionStock(shirt.optionId)).toBe(4)
  })

  it('a PayPal timeout answers a clear error, keeps the order pending, and a later retry pays it', async () => {
    paypal.scenario = 'timeout'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const started = Date.now()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured.status).toBe(504)
    expect(captured.body.message).toBe(
      'The payment service did not answer in time. Your order is still pending; please try again in a moment.',
    )
    expect(Date.now() - started).toBeLessThan(15_000)
    expect((await db.order(orderId)).status).toBe('pending')
    paypal.scenario = 'completed'
    expect((await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)).body.status).toBe('paid')
    expect(await db.optionStock(shirt.optionId)).toBe(4)
  }, 30_000)
})

describe('POST /api/paypal/webhook', () => {
  it('refuses a webhook with a bad signature and changes nothing', async () => {
    paypal.scenario = 'pending'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    const captureId = paypal.orders.get(paypalOrderId)!.capture!.id
    const forged = captureEvent('COMPLETED', {
      eventId: `WH-forged-${orderId}`,
      captureId,
      paypalOrderId,
      orderId,
      value: '30.00',
    })
    expect((await webhook(forged, false)).status).toBe(400)
    expect((await db.order(orderId)).status).toBe('pending')
    expect(await db.query('SELECT 1 FROM payment_events WHERE event_id = $1', [forged.id])).toHaveLength(0)
    expect(await db.optionStock(shirt.optionId)).toBe(4)
  })

  it("a genuine PAYMENT.CAPTURE.COMPLETED, in PayPal's field order and spacing, verifies and pays the pending order", async () => {
    paypal.scenario = 'pending'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    const captureId = paypal.orders.get(paypalOrderId)!.capture!.id
    // PayPal's own order of members (id first, resource last) and its own spacing: the bytes it signed.
    const event = captureEvent('COMPLETED', {
      eventId: `WH-genuine-${orderId}`,
      captureId,
      paypalOrderId,
      orderId,
      value: '30.00',
    })
    const body = JSON.stringify(event, null, 1).replace(
      '"event_type"',
      '"zz_extra": {"a": [1, 2.50, "\\u00e9"]},\n "event_type"',
    )
    expect(await webhook(body)).toMatchObject({ status: 200, body: { received: true, duplicate: false } })
    expect((await db.order(orderId)).status).toBe('paid')
    expect(await db.optionStock(shirt.optionId)).toBe(4)
    const verify = paypal.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').at(-1)!
    expect(verify.body.webhook_event.id).toBe(event.id)
  })

  it('the same webhook twice has one effect', async () => {
    paypal.scenario = 'completed'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(await db.optionStock(shirt.optionId)).toBe(4)
    const captureId = paypal.orders.get(paypalOrderId)!.capture!.id
    const refund = refundEvent({ eventId: `WH-refund-${orderId}`, captureId, value: '30.00', base: paypal.url })
    expect(await webhook(refund)).toMatchObject({ status: 200, body: { duplicate: false } })
    expect(await webhook(refund)).toMatchObject({ status: 200, body: { duplicate: true } })
    expect((await db.order(orderId)).status).toBe('refunded')
    // The refunded shirt is back in stock once, not twice.
    expect(await db.optionStock(shirt.optionId)).toBe(5)
  })

  it('a DENIED capture webhook fails a pending order and gives its stock back', async () => {
    paypal.scenario = 'pending'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    const captureId = paypal.orders.get(paypalOrderId)!.capture!.id
    const denied = captureEvent('DENIED', {
      eventId: `WH-denied-${orderId}`,
      captureId,
      paypalOrderId,
      orderId,
      value: '30.00',
    })
    expect((await webhook(denied)).status).toBe(200)
    expect(await b.json('GET', `/api/orders/${orderId}`)).toMatchObject({ body: { status: 'failed' } })
    expect(await db.optionStock(shirt.optionId)).toBe(5)
  })

  it('an approved order whose browser went away is captured when PayPal reports the approval, once', async () => {
    paypal.scenario = 'completed'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const approved = {
      id: `WH-approved-${orderId}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource_type: 'checkout-order',
      resource: {
        id: paypalOrderId,
        status: 'APPROVED',
        purchase_units: [{ custom_id: orderId, amount: { currency_code: 'USD', value: '30.00' } }],
      },
    }
    expect(await webhook(approved)).toMatchObject({ status: 200, body: { duplicate: false } })
    expect(await b.json('GET', `/api/orders/${orderId}`)).toMatchObject({ body: { status: 'paid' } })
    expect(await webhook(approved)).toMatchObject({ status: 200, body: { duplicate: true } })
    // The browser comes back and captures too: still one capture, one decrement.
    expect((await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)).body.status).toBe('paid')
    expect(paypal.capturesPerformed.get(paypalOrderId)).toBe(1)
    expect(await db.optionStock(shirt.optionId)).toBe(4)
  })

  it('a COMPLETED webhook for another amount does not mark the order paid', async () => {
    paypal.scenario = 'pending'
    const { b, orderId, paypalOrderId } = await approvedOrder()
    await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    const captureId = paypal.orders.get(paypalOrderId)!.capture!.id
    const cheap = captureEvent('COMPLETED', {
      eventId: `WH-cheap-${orderId}`,
      captureId,
      paypalOrderId,
      orderId,
      value: '0.01',
    })
    expect((await webhook(cheap)).status).toBe(200)
    expect((await db.order(orderId)).status).not.toBe('paid')
  })
})

describe('full checkout through PayPal', () => {
  it('create, bind, pay and capture end with a paid order', async () => {
    paypal.scenario = 'completed'
    const shirt = await createShirt(owner, { price: 25, stock: 3 })
    const result = await checkout(buyer(), [
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 3, price: '25.00' },
    ])
    expect(result).toMatchObject({ stage: 'capture', status: 200, body: { status: 'paid' } })
    expect(await db.optionStock(shirt.optionId)).toBe(0)
  })
})

describe('POST /api/admin/orders/{id}/refund through PayPal', () => {
  it('refunds the capture at PayPal once (request id, full amount), marks the order refunded and returns the stock', async () => {
    paypal.scenario = 'completed'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    expect((await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)).body.status).toBe('paid')
    expect(await db.optionStock(shirt.optionId)).toBe(4)
    const captureId = paypal.orders.get(paypalOrderId)!.capture!.id
    const refunded = await owner.json('POST', `/api/admin/orders/${orderId}/refund`)
    expect(refunded).toMatchObject({ status: 200, body: { id: orderId, status: 'refunded' } })
    const made = paypal.refunds.filter((r) => r.captureId === captureId)
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ requestId: `refund-${orderId}`, amount: { currency_code: 'USD', value: '30.00' } })
    expect((await db.order(orderId)).status).toBe('refunded')
    expect(await db.optionStock(shirt.optionId)).toBe(5)
    const emails = await db.emailJobs('alex@example.com')
    expect(
      emails.filter((j) => j.input.subject === `Your order #${orderId.slice(0, 8)} has been refunded`),
    ).toHaveLength(1)
    // Asked again: nothing more is refunded and the stock is not returned twice.
    expect((await owner.json('POST', `/api/admin/orders/${orderId}/refund`)).status).toBe(409)
    expect(paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1)
    expect(await db.optionStock(shirt.optionId)).toBe(5)
    // PayPal's own REFUNDED webhook for it afterwards changes nothing more.
    const event = refundEvent({ eventId: `WH-after-refund-${orderId}`, captureId, value: '30.00', base: paypal.url })
    expect((await webhook(event)).status).toBe(200)
    expect(await db.optionStock(shirt.optionId)).toBe(5)
  })

  it('a REVERSED webhook refunds a paid order: status refunded, stock back', async () => {
    paypal.scenario = 'completed'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    const captureId = paypal.orders.get(paypalOrderId)!.capture!.id
    const reversed = captureEvent('REVERSED', {
      eventId: `WH-reversed-${orderId}`,
      captureId,
      paypalOrderId,
      orderId,
      value: '30.00',
    })
    expect((await webhook(reversed)).status).toBe(200)
    expect((await db.order(orderId)).status).toBe('refunded')
    expect(await db.optionStock(shirt.optionId)).toBe(5)
  })
})

describe('without PayPal credentials', () => {
  it('a plain `npm start` (no NODE_ENV) offers the built-in test payments', async () => {
    const demo = await startServer({})
    try {
      const setup = await new Buyer(demo.url, { forwardedFor: '203.0.113.249' }).json('GET', '/api/paypal/setup')
      expect(setup).toMatchObject({ status: 200, body: { provider: 'test' } })
      expect(demo.output()).toContain('Payments: built-in test provider')
    } finally {
      await demo.stop()
    }
  }, 120_000)

  it('a plain `npm start` for a public SITE_URL without PAYMENT_PROVIDER=test takes no payment and says so at start', async () => {
    const site = 'https://shop.band.example'
    const bare = await startServer({ SITE_URL: site, OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password })
    try {
      expect(bare.output()).toContain('Payments: not configured')
      const visitor = new Buyer(bare.url, { forwardedFor: '203.0.113.248', origin: site })
      const setup = await visitor.json('GET', '/api/paypal/setup')
      expect(setup).toMatchObject({
        status: 200,
        body: { provider: 'none', message: 'Payments are not configured on this site yet. Please try again later.' },
      })
      const shirt = await createShirt(await signedInOwner(bare.url, site), { price: 25 })
      const created = await visitor.json(
        'POST',
        '/api/orders',
        orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
      )
      expect(created.status).toBe(201)
      expect((await visitor.json('POST', '/api/checkout/bind', { orderId: created.body.id })).status).toBe(200)
      const pay = await visitor.json('POST', '/api/paypal/order', {
        amount: '30.00',
        currency: 'USD',
        intent: 'CAPTURE',
      })
      expect(pay).toMatchObject({
        status: 503,
        body: { message: 'Payments are not configured on this site yet. Please try again later.' },
      })
    } finally {
      await bare.stop()
    }
  }, 120_000)

  it('PAYMENT_PROVIDER=test is the explicit choice of test payments for a public SITE_URL', async () => {
    const site = 'https://shop.band.example'
    const demo = await startServer({ SITE_URL: site, PAYMENT_PROVIDER: 'test' })
    try {
      expect(demo.output()).toContain('Payments: built-in test provider')
      const setup = await new Buyer(demo.url, { forwardedFor: '203.0.113.247', origin: site }).json(
        'GET',
        '/api/paypal/setup',
      )
      expect(setup).toMatchObject({ status: 200, body: { provider: 'test' } })
    } finally {
      await demo.stop()
    }
  }, 120_000)

  it('in production, setup says payments are not configured and creating a payment answers 503', async () => {
    const bare = await startServer({ NODE_ENV: 'production' })
    try {
      const visitor = new Buyer(bare.url, { forwardedFor: '203.0.113.250' })
      const setup = await visitor.json('GET', '/api/paypal/setup')
      expect(setup).toMatchObject({
        status: 200,
        body: {
          provider: 'none',
          clientToken: null,
          message: 'Payments are not configured on this site yet. Please try again later.',
        },
      })
      const pay = await visitor.json('POST', '/api/paypal/order', {
        amount: '30.00',
        currency: 'USD',
        intent: 'CAPTURE',
      })
      expect(pay).toMatchObject({
        status: 503,
        body: { message: 'Payments are not configured on this site yet. Please try again later.' },
      })
    } finally {
      await bare.stop()
    }
  }, 120_000)
})
