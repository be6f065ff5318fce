import { describe, expect, it } from 'vitest'

import { boundShirtOrder, checkout, createShirt } from '../../helpers/checkout'
import { FAKE_CREDENTIALS } from '../../helpers/fakePaypal'
import { captureEvent } from '../../helpers/fakePaypalWebhooks'
import { usePaypalSite } from '../../helpers/paypalSite'

/** The PayPal adapter, against a local server speaking PayPal's REST API: setup, payments and captures. */

const site = usePaypalSite()
const { buyer, approvedOrder, webhook } = site

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
    const create = site.paypal.requests.filter(
      (r) => r.path === '/v2/checkout/orders' && r.body?.purchase_units?.[0]?.custom_id === orderId,
    )
    expect(create).toHaveLength(1)
    expect(create[0]!.headers['paypal-request-id']).toBe(`order-${orderId}`)
    expect(create[0]!.body.purchase_units[0].amount).toEqual({
      currency_code: 'USD',
      value: '30.00',
      breakdown: {
        item_total: { currency_code: 'USD', value: '25.00' },
        shipping: { currency_code: 'USD', value: '5.00' },
        discount: { currency_code: 'USD', value: '0.00' },
      },
    })
    expect((await b.json('POST', '/api/paypal/order', {})).body.id).toBe(paypalOrderId)
    expect((await site.db.order(orderId)).paypal_order_id).toBe(paypalOrderId)
  })

  it('refuses a lower amount with 409 and asks PayPal for nothing', async () => {
    const b = buyer()
    const { created } = await boundShirtOrder(site.owner, b)
    const lower = await b.json('POST', '/api/paypal/order', { amount: '0.01', currency: 'USD', intent: 'CAPTURE' })
    expect(lower.status).toBe(409)
    expect(site.paypal.requests.some((r) => r.body?.purchase_units?.[0]?.custom_id === created.body.id)).toBe(false)
  })
})

describe('POST /api/paypal/order/{id}/capture', () => {
  it('approved and COMPLETED: the order is paid, stock taken once', async () => {
    site.paypal.scenario = 'completed'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured).toMatchObject({ status: 200, body: { id: paypalOrderId, orderId, status: 'paid' } })
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
    const order = await site.db.order(orderId)
    expect(order.paypal_capture_id).toBe(site.paypal.orders.get(paypalOrderId)!.capture!.id)
    // Captured again: no second capture at PayPal, no second decrement.
    expect((await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)).body.status).toBe('paid')
    expect(site.paypal.capturesPerformed.get(paypalOrderId)).toBe(1)
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
  })

  it('PENDING, then a COMPLETED webhook makes the order paid', async () => {
    site.paypal.scenario = 'pending'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured).toMatchObject({ status: 202, body: { status: 'pending' } })
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
    const captureId = site.paypal.orders.get(paypalOrderId)!.capture!.id
    const event = captureEvent('COMPLETED', {
      eventId: `WH-${orderId}`,
      captureId,
      paypalOrderId,
      orderId,
      value: '30.00',
    })
    expect(await webhook(event)).toMatchObject({ status: 200, body: { received: true, duplicate: false } })
    expect(await b.json('GET', `/api/orders/${orderId}`)).toMatchObject({ body: { status: 'paid' } })
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
  })

  it('DECLINED: the order fails and its stock comes back', async () => {
    site.paypal.scenario = 'declined'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured).toMatchObject({
      status: 402,
      body: { status: 'failed', message: 'Your payment could not be processed. Please try again.' },
    })
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
    expect((await site.db.order(orderId)).failure_reason).toBe('payment declined')
  })

  it('a 5xx from PayPal is retried with the same request id and then succeeds', async () => {
    site.paypal.scenario = 'flaky'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured).toMatchObject({ status: 200, body: { status: 'paid' } })
    const attempts = site.paypal.captureRequests(paypalOrderId)
    expect(attempts.length).toBe(2)
    expect(new Set(attempts.map((r) => r.headers['paypal-request-id']))).toEqual(new Set([`capture-${orderId}`]))
    expect(site.paypal.capturesPerformed.get(paypalOrderId)).toBe(1)
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
  })

  it('a PayPal timeout answers a clear error, keeps the order pending, and a later retry pays it', async () => {
    site.paypal.scenario = 'timeout'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    const started = Date.now()
    const captured = await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)
    expect(captured.status).toBe(504)
    expect(captured.body.message).toBe(
      'The payment service did not answer in time. Your order is still pending; please try again in a moment.',
    )
    expect(Date.now() - started).toBeLessThan(15_000)
    expect((await site.db.order(orderId)).status).toBe('pending')
    site.paypal.scenario = 'completed'
    expect((await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)).body.status).toBe('paid')
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
  }, 30_000)
})

describe('full checkout through PayPal', () => {
  it('create, bind, pay and capture end with a paid order', async () => {
    site.paypal.scenario = 'completed'
    const shirt = await createShirt(site.owner, { price: 25, stock: 3 })
    const result = await checkout(buyer(), [
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 3, price: '25.00' },
    ])
    expect(result).toMatchObject({ stage: 'capture', status: 200, body: { status: 'paid' } })
    expect(await site.db.optionStock(shirt.optionId)).toBe(0)
  })
})
