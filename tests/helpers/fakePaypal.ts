import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { FakeRefunds } from './fakePaypalRefunds'
import { FakeWebhooks } from './fakePaypalWebhooks'

/**
 * A local HTTP server speaking the part of PayPal's REST API the site uses: OAuth client
 * credentials, client tokens, Orders v2 create / get / capture (with PayPal-Request-Id
 * idempotency), capture refunds and verify-webhook-signature. The capture scenario decides what a
 * capture does. Refunds work as fakePaypalRefunds.ts describes, and webhooks are signed and
 * verified as fakePaypalWebhooks.ts describes.
 */
export type CaptureScenario = 'completed' | 'pending' | 'declined' | 'flaky' | 'timeout'

type FakeOrder = {
  id: string
  amount: { currency_code: string; value: string }
  customId: string
  status: 'CREATED' | 'COMPLETED'
  capture: { id: string; status: string; refundedCents: number } | null
}

type Money = { currency_code?: string; value?: string }
/** A status and JSON body to answer with. */
type Answer = { status: number; body: unknown }
const BREAKDOWN_ADDS = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'] as const
const BREAKDOWN_TAKES = ['shipping_discount', 'discount'] as const
const cents = (m: Money | undefined) => (m?.value ? Math.round(Number(m.value) * 100) : 0)

/** As PayPal checks it: with a breakdown, its parts must add up to the amount (else AMOUNT_MISMATCH). */
function amountAddsUp(amount: Money & { breakdown?: Record<string, Money> }): boolean {
  const parts = amount.breakdown
  if (!parts) return true
  const sum =
    BREAKDOWN_ADDS.reduce((n, k) => n + cents(parts[k]), 0) - BREAKDOWN_TAKES.reduce((n, k) => n + cents(parts[k]), 0)
  return sum === cents(amount)
}

export type RecordedRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; body: any }

export const FAKE_CREDENTIALS = {
  clientId: 'fake-client-id',
  clientSecret: 'fake-client-secret',
  webhookId: 'WH-FAKE-0001',
}

export class FakePaypal {
  url = ''
  scenario: CaptureScenario = 'completed'
  /** Capture answers by PayPal-Request-Id: a repeated request gets the same answer, as with PayPal. */
  private captureAnswers = new Map<string, Answer>()
  private failedOnce = new Set<string>()
  readonly orders = new Map<string, FakeOrder>()
  private orderByRequestId = new Map<string, string>()
  readonly requests: RecordedRequest[] = []
  /** How many captures were really performed, per PayPal order id. */
  readonly capturesPerformed = new Map<string, number>()
  private webhooks = new FakeWebhooks(() => this.url, FAKE_CREDENTIALS.webhookId)
  private refunder = new FakeRefunds(
    () => this.url,
    (prefix) => this.nextId(prefix),
  )
  /** Refunds really performed, in order. */
  readonly refunds = this.refunder.made
  private server = http.createServer((req, res) => void this.handle(req, res))
  private counter = 0
  private hanging = new Set<http.ServerResponse>()

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
    return this
  }

  async stop(): Promise<void> {
    for (const res of this.hanging) res.destroy()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  captureRequests(paypalOrderId: string): RecordedRequest[] {
    return this.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${paypalOrderId}/capture`)
  }

  /**
   * Delivers a webhook as PayPal does: `body` is the exact text sent, and the headers sign it.
   * Only a `valid` transmission of exactly these bytes passes verification.
   */
  signWebhook(transmissionId: string, body: string, valid = true): Record<string, string> {
    return this.webhooks.sign(transmissionId, body, valid)
  }

  /** Headers PayPal would send with a webhook; only `valid` ones pass verification here. */
  webhookHeaders(transmissionId: string, valid = true): Record<string, string> {
    return this.webhooks.headers(transmissionId, valid)
  }

  private nextId(prefix: string) {
    this.counter += 1
    return `${prefix}${String(this.counter).padStart(17 - prefix.length, '0')}`
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const raw = Buffer.concat(chunks).toString('utf8')
    let body: any = raw
    try {
      body = raw ? JSON.parse(raw) : {}
    } catch {
      // form-encoded token request
    }
    const path = (req.url ?? '/').split('?')[0]!
    this.requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body })
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    const requestId = req.headers['paypal-request-id'] as string | undefined

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${FAKE_CREDENTIALS.clientId}:${FAKE_CREDENTIALS.clientSecret}`).toString('base64')}`
      if (req.headers.authorization !== expected || !String(body).includes('grant_type=client_credentials')) {
        return send(401, { error: 'invalid_client', error_description: 'Client Authentication failed' })
      }
      return send(200, { access_token: 'A21AA-fake-access-token', token_type: 'Bearer', expires_in: 32400 })
    }
    if (req.headers.authorization !== 'Bearer A21AA-fake-access-token') {
      return send(401, { error: 'invalid_token', error_description: 'Token signature verification failed' })
    }
    if (req.method === 'POST' && path === '/v1/identity/generate-token') {
      return send(200, { client_token: 'fake-client-token', expires_in: 3600 })
    }
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return send(200, this.webhooks.verify(raw, body))
    }
    const refund = /^\/v2\/payments\/captures\/([\w-]+)\/refund$/.exec(path)
    if (req.method === 'POST' && refund) {
      const answer = this.refunder.refund(this.orders.values(), refund[1]!, requestId, body)
      return send(answer.status, answer.body)
    }
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const answer = this.createOrder(body, requestId)
      return send(answer.status, answer.body)
    }
    const get = /^\/v2\/checkout\/orders\/([\w-]+)$/.exec(path)
    if (req.method === 'GET' && get) {
      const order = this.orders.get(get[1]!)
      return order
        ? send(200, this.representation(order))
        : send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] })
    }
    const capture = /^\/v2\/checkout\/orders\/([\w-]+)\/capture$/.exec(path)
    if (req.method === 'POST' && capture) {
      const answer = this.captureOrder(capture[1]!, requestId, res)
      if (answer) send(answer.status, answer.body)
      return
    }
    send(404, { name: 'RESOURCE_NOT_FOUND', message: `No fake for ${req.method} ${path}` })
  }

  /** POST /v2/checkout/orders: the same answer again for a request id seen before. */
  private createOrder(body: any, requestId: string | undefined): Answer {
    if (requestId && this.orderByRequestId.has(requestId))
      return { status: 200, body: this.representation(this.orders.get(this.orderByRequestId.get(requestId)!)!) }
    const unit = body.purchase_units?.[0]
    if (body.intent !== 'CAPTURE' || !unit?.amount?.value) {
      return {
        status: 400,
        body: { name: 'INVALID_REQUEST', details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }], debug_id: 'fake-debug' },
      }
    }
    if (!amountAddsUp(unit.amount)) {
      return {
        status: 422,
        body: {
          name: 'UNPROCESSABLE_ENTITY',
          message:
            'The requested action could not be performed, semantically incorrect, or failed business validation.',
          details: [
            {
              field: "/purchase_units/@reference_id=='default'/amount/value",
              issue: 'AMOUNT_MISMATCH',
              description:
                'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
            },
          ],
          debug_id: 'fake-mismatch',
        },
      }
    }
    const order: FakeOrder = {
      id: this.nextId('PAY'),
      amount: unit.amount,
      customId: unit.custom_id,
      status: 'CREATED',
      capture: null,
    }
    this.orders.set(order.id, order)
    if (requestId) this.orderByRequestId.set(requestId, order.id)
    return { status: 201, body: this.representation(order) }
  }

  /**
   * POST /v2/checkout/orders/:id/capture, as the scenario says; the first answer for a request id
   * is given again for it. Null when the scenario is never to answer (`res` is then held open).
   */
  private captureOrder(id: string, requestId: string | undefined, res: http.ServerResponse): Answer | null {
    const order = this.orders.get(id)
    if (!order)
      return { status: 404, body: { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] } }
    const key = requestId ?? `none-${this.counter++}`
    const cached = this.captureAnswers.get(key)
    if (cached) return cached
    if (this.scenario === 'timeout') {
      // Never answers; the site must give up on its own.
      this.hanging.add(res)
      return null
    }
    if (this.scenario === 'flaky' && !this.failedOnce.has(key)) {
      this.failedOnce.add(key)
      return {
        status: 503,
        body: {
          name: 'INTERNAL_SERVICE_ERROR',
          message: 'An internal service error has occurred.',
          debug_id: 'fake-5xx',
        },
      }
    }
    if (order.capture) {
      return {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }], debug_id: 'fake-dup' },
      }
    }
    let answer: Answer
    if (this.scenario === 'declined') {
      answer = {
        status: 422,
        body: {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'INSTRUMENT_DECLINED', description: 'The instrument presented was declined.' }],
          debug_id: 'fake-declined',
        },
      }
    } else {
      order.capture = {
        id: this.nextId('CAP'),
        status: this.scenario === 'pending' ? 'PENDING' : 'COMPLETED',
        refundedCents: 0,
      }
      order.status = 'COMPLETED'
      this.capturesPerformed.set(order.id, (this.capturesPerformed.get(order.id) ?? 0) + 1)
      answer = { status: 201, body: this.representation(order) }
    }
    this.captureAnswers.set(key, answer)
    return answer
  }

  private representation(order: FakeOrder) {
    return {
      id: order.id,
      status: order.status,
      purchase_units: [
        {
          reference_id: order.customId,
          custom_id: order.customId,
          amount: order.amount,
          ...(order.capture
            ? {
                payments: {
                  captures: [
                    {
                      id: order.capture.id,
                      status: order.capture.status,
                      amount: order.amount,
                      custom_id: order.customId,
                      final_capture: true,
                      ...(order.capture.status === 'PENDING' ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
                    },
                  ],
                },
              }
            : {}),
        },
      ],
      links: [{ href: `${this.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
    }
  }
}
