import { afterAll, beforeAll, expect } from 'vitest'

import { boundShirtOrder, Buyer, createShirt } from './checkout'
import { FAKE_CREDENTIALS, FakePaypal, type CaptureScenario } from './fakePaypal'
import { useSite, type Site } from './site'

export type PaypalSite = Site & {
  paypal: FakePaypal
  /** A new browser at checkout, from an address of its own. */
  buyer: () => Buyer
  /** A bound order for one shirt, with its PayPal order created. */
  approvedOrder: (stock?: number) => Promise<ApprovedOrder>
  /** An approved order captured at PayPal in `scenario`, with the id of PayPal's capture. */
  capturedOrder: (scenario: CaptureScenario) => Promise<ApprovedOrder & { captureId: string }>
  /** Delivers a webhook as PayPal does: the body text PayPal signed, with its signature headers. */
  webhook: (event: unknown, valid?: boolean) => Promise<{ status: number; body: any }>
}

type ApprovedOrder = {
  b: Buyer
  shirt: Awaited<ReturnType<typeof createShirt>>
  orderId: string
  paypalOrderId: string
}

/**
 * The production server with PayPal credentials for a test file, against a fake PayPal that starts
 * before it and stops after it. The owner signs in from 203.0.113.2; buyers come from 203.0.113.10 on.
 */
export function usePaypalSite(): PaypalSite {
  let ip = 10
  const paypal = new FakePaypal()
  beforeAll(async () => {
    await paypal.start()
  })
  // Registered before the server's hooks, so it stops after the server.
  afterAll(() => paypal.stop())
  const site = useSite('203.0.113.2', () => ({
    PAYPAL_CLIENT_ID: FAKE_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: FAKE_CREDENTIALS.clientSecret,
    PAYPAL_WEBHOOK_ID: FAKE_CREDENTIALS.webhookId,
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_TIMEOUT_MS: '1000',
  }))

  const buyer = () => new Buyer(site.server.url, { forwardedFor: `203.0.113.${ip++}` })

  const approvedOrder = async (stock = 5) => {
    const b = buyer()
    const { shirt, created } = await boundShirtOrder(site.owner, b, stock)
    expect(created.status).toBe(201)
    const payment = await b.json('POST', '/api/paypal/order', { amount: '30.00', currency: 'USD', intent: 'CAPTURE' })
    expect(payment.status, JSON.stringify(payment.body)).toBe(200)
    return { b, shirt, orderId: created.body.id as string, paypalOrderId: payment.body.id as string }
  }

  const capturedOrder = (scenario: CaptureScenario) => capture(paypal, scenario, approvedOrder)

  const webhook = async (event: unknown, valid = true) => {
    const id = `WH-TX-${Math.random().toString(36).slice(2)}`
    const body = typeof event === 'string' ? event : JSON.stringify(event)
    const res = await fetch(`${site.server.url}/api/paypal/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...paypal.signWebhook(id, body, valid) },
      body,
    })
    return { status: res.status, body: await res.json() }
  }

  return {
    get server() {
      return site.server
    },
    get owner() {
      return site.owner
    },
    get db() {
      return site.db
    },
    paypal,
    buyer,
    approvedOrder,
    capturedOrder,
    webhook,
  }
}

/** An order approved by `approve`, captured at `paypal` in `scenario`, with the id of PayPal's capture. */
async function capture(paypal: FakePaypal, scenario: CaptureScenario, approve: () => Promise<ApprovedOrder>) {
  paypal.scenario = scenario
  const order = await approve()
  await order.b.json('POST', `/api/paypal/order/${order.paypalOrderId}/capture`)
  return { ...order, captureId: paypal.orders.get(order.paypalOrderId)!.capture!.id }
}
