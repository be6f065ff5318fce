import { describe, expect, it } from 'vitest'

import { captureEvent, refundEvent } from '../../helpers/fakePaypalWebhooks'
import { usePaypalSite } from '../../helpers/paypalSite'

/** PayPal's webhook and refunds through PayPal, against a local server speaking PayPal's REST API. */

const site = usePaypalSite()
const { approvedOrder, capturedOrder, webhook } = site

describe('POST /api/paypal/webhook', () => {
  it('refuses a webhook with a bad signature and changes nothing', async () => {
    const order = await capturedOrder('pending')
    const { shirt, orderId } = order
    const forged = captureEvent('COMPLETED', { ...order, eventId: `WH-forged-${orderId}`, value: '30.00' })
    expect((await webhook(forged, false)).status).toBe(400)
    expect((await site.db.order(orderId)).status).toBe('pending')
    expect(await site.db.query('SELECT 1 FROM payment_events WHERE event_id = $1', [forged.id])).toHaveLength(0)
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
  })

  it("a genuine PAYMENT.CAPTURE.COMPLETED, in PayPal's field order and spacing, verifies and pays the pending order", async () => {
    const order = await capturedOrder('pending')
    const { shirt, orderId } = order
    // PayPal's own order of members (id first, resource last) and its own spacing: the bytes it signed.
    const event = captureEvent('COMPLETED', { ...order, eventId: `WH-genuine-${orderId}`, value: '30.00' })
    const body = JSON.stringify(event, null, 1).replace(
      '"event_type"',
      '"zz_extra": {"a": [1, 2.50, "\\u00e9"]},\n "event_type"',
    )
    expect(await webhook(body)).toMatchObject({ status: 200, body: { received: true, duplicate: false } })
    expect((await site.db.order(orderId)).status).toBe('paid')
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
    const verify = site.paypal.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature').at(-1)!
    expect(verify.body.webhook_event.id).toBe(event.id)
  })

  it('the same webhook twice has one effect', async () => {
    const { shirt, orderId, captureId } = await capturedOrder('completed')
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
    const refund = refundEvent({ eventId: `WH-refund-${orderId}`, captureId, value: '30.00', base: site.paypal.url })
    expect(await webhook(refund)).toMatchObject({ status: 200, body: { duplicate: false } })
    expect(await webhook(refund)).toMatchObject({ status: 200, body: { duplicate: true } })
    expect((await site.db.order(orderId)).status).toBe('refunded')
    // The refunded shirt is back in stock once, not twice.
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
  })

  it('a DENIED capture webhook fails a pending order and gives its stock back', async () => {
    const order = await capturedOrder('pending')
    const { b, shirt, orderId } = order
    const denied = captureEvent('DENIED', { ...order, eventId: `WH-denied-${orderId}`, value: '30.00' })
    expect((await webhook(denied)).status).toBe(200)
    expect(await b.json('GET', `/api/orders/${orderId}`)).toMatchObject({ body: { status: 'failed' } })
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
  })

  it('an approved order whose browser went away is captured when PayPal reports the approval, once', async () => {
    site.paypal.scenario = 'completed'
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
    expect(site.paypal.capturesPerformed.get(paypalOrderId)).toBe(1)
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
  })

  it('a COMPLETED webhook for another amount does not mark the order paid', async () => {
    const order = await capturedOrder('pending')
    const cheap = captureEvent('COMPLETED', { ...order, eventId: `WH-cheap-${order.orderId}`, value: '0.01' })
    expect((await webhook(cheap)).status).toBe(200)
    expect((await site.db.order(order.orderId)).status).not.toBe('paid')
  })
})

describe('POST /api/admin/orders/{id}/refund through PayPal', () => {
  it('refunds the capture at PayPal once (request id, full amount), marks the order refunded and returns the stock', async () => {
    site.paypal.scenario = 'completed'
    const { b, shirt, orderId, paypalOrderId } = await approvedOrder()
    expect((await b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)).body.status).toBe('paid')
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
    const captureId = site.paypal.orders.get(paypalOrderId)!.capture!.id
    const refunded = await site.owner.json('POST', `/api/admin/orders/${orderId}/refund`)
    expect(refunded).toMatchObject({ status: 200, body: { id: orderId, status: 'refunded' } })
    const made = site.paypal.refunds.filter((r) => r.captureId === captureId)
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ requestId: `refund-${orderId}`, amount: { currency_code: 'USD', value: '30.00' } })
    expect((await site.db.order(orderId)).status).toBe('refunded')
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
    expect(await site.db.refundEmails(orderId)).toHaveLength(1)
    // Asked again: nothing more is refunded and the stock is not returned twice.
    expect((await site.owner.json('POST', `/api/admin/orders/${orderId}/refund`)).status).toBe(409)
    expect(site.paypal.refunds.filter((r) => r.captureId === captureId)).toHaveLength(1)
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
    // PayPal's own REFUNDED webhook for it afterwards changes nothing more.
    const event = refundEvent({
      eventId: `WH-after-refund-${orderId}`,
      captureId,
      value: '30.00',
      base: site.paypal.url,
    })
    expect((await webhook(event)).status).toBe(200)
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
  })

  it('a REVERSED webhook refunds a paid order: status refunded, stock back', async () => {
    const order = await capturedOrder('completed')
    const { shirt, orderId } = order
    const reversed = captureEvent('REVERSED', { ...order, eventId: `WH-reversed-${orderId}`, value: '30.00' })
    expect((await webhook(reversed)).status).toBe(200)
    expect((await site.db.order(orderId)).status).toBe('refunded')
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
  })
})
