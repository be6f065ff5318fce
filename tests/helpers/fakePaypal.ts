import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local HTTP server speaking the part of PayPal's REST API the site uses: OAuth client
 * credentials, client tokens, Orders v2 create / get / capture (with PayPal-Request-Id
 * idempotency), capture refunds and verify-webhook-signature. The capture scenario decides what a
 * capture does. Like PayPal, it signs the exact bytes of a webhook it delivers and verifies a
 * webhook only when the `webhook_event` it is asked about is byte-for-byte that delivered body.
 */
export type CaptureScenario = 'completed' | 'pending' | 'declined' | 'flaky' | 'timeout'

type FakeOrder = {
  id: string
  amount: { currency_code: string; value: string }
  customId: string
  status: 'CREATED' | 'COMPLETED'
  capture: { id: string; status: string; refundedCents: number } | null
}

export type FakeRefund = {
  id: string
  captureId: string
  requestId: string
  amount: { currency_code: string; value: string }
  status: 'COMPLETED'
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
  private captureAnswers = new Map<string, { status: number; body: unknown }>()
  private failedOnce = new Set<string>()
  readonly orders = new Map<string, FakeOrder>()
  private orderByRequestId = new Map<string, string>()
  readonly requests: RecordedRequest[] = []
  /** How many captures were really performed, per PayPal order id. */
  readonly capturesPerformed = new Map<string, number>()
  /** Refunds really performed, in order. */
  readonly refunds: FakeRefund[] = []
  /** Answers to refund requests by PayPal-Request-Id: a repeated request refunds nothing more. */
  private refundAnswers = new Map<string, { status: number; body: unknown }>()
  /** The exact bytes of every webhook this PayPal delivered, by transmission id. */
  private deliveredWebhooks = new Map<string, string>()
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
    this.deliveredWebhooks.set(transmissionId, body)
    return this.webhookHeaders(transmissionId, valid)
  }

  /** Headers PayPal would send with a webhook; only `valid` ones pass verification here. */
  webhookHeaders(transmissionId: string, valid = true): Record<string, string> {
    return {
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      'PAYPAL-CERT-URL': `${this.url}/v1/notifications/certs/CERT-fake`,
      'PAYPAL-TRANSMISSION-ID': transmissionId,
      'PAYPAL-TRANSMISSION-SIG': valid ? `valid:${transmissionId}` : 'forged-signature',
      'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
    }
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
      // PayPal checks the signature over the bytes it sent: a re-serialised event does not verify.
      const delivered = this.deliveredWebhooks.get(String(body.transmission_id))
      const ok =
        body.webhook_id === FAKE_CREDENTIALS.webhookId &&
        body.transmission_sig === `valid:${body.transmission_id}` &&
        delivered !== undefined &&
        rawMember(raw, 'webhook_event') === delivered
      return send(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' })
    }
    const refund = /^\/v2\/payments\/captures\/([\w-]+)\/refund$/.exec(path)
    if (req.method === 'POST' && refund) return this.refund(refund[1]!, requestId, body, send)
    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      if (requestId && this.orderByRequestId.has(requestId))
        return send(200, this.representation(this.orders.get(this.orderByRequestId.get(requestId)!)!))
      const unit = body.purchase_units?.[0]
      if (body.intent !== 'CAPTURE' || !unit?.amount?.value) {
        return send(400, {
          name: 'INVALID_REQUEST',
          details: [{ issue: 'MISSING_REQUIRED_PARAMETER' }],
          debug_id: 'fake-debug',
        })
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
      return send(201, this.representation(order))
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
      const order = this.orders.get(capture[1]!)
      if (!order) return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] })
      const key = requestId ?? `none-${this.counter++}`
      const cached = this.captureAnswers.get(key)
      if (cached) return send(cached.status, cached.body)
      if (this.scenario === 'timeout') {
        // Never answers; the site must give up on its own.
        this.hanging.add(res)
        return
      }
      if (this.scenario === 'flaky' && !this.failedOnce.has(key)) {
        this.failedOnce.add(key)
        return send(503, {
          name: 'INTERNAL_SERVICE_ERROR',
          message: 'An internal service error has occurred.',
          debug_id: 'fake-5xx',
        })
      }
      if (order.capture) {
        return send(422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'ORDER_ALREADY_CAPTURED' }],
          debug_id: 'fake-dup',
        })
      }
      let answer: { status: number; body: unknown }
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
      return send(answer.status, answer.body)
    }
    send(404, { name: 'RESOURCE_NOT_FOUND', message: `No fake for ${req.method} ${path}` })
  }

  /** POST /v2/payments/captures/{id}/refund, with PayPal's checks on the capture and the amount. */
  private refund(
    captureId: string,
    requestId: string | undefined,
    body: any,
    send: (status: number, payload: unknown) => void,
  ) {
    const invalid = (issue: string, description: string) =>
      send(400, {
        name: 'INVALID_REQUEST',
        message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
        details: [{ issue, description }],
        debug_id: 'fake-refund',
      })
    const unprocessable = (issue: string, description: string) =>
      send(422, {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed.',
        details: [{ issue, description }],
        debug_id: 'fake-refund',
      })
    if (!requestId)
      return invalid(
        'MISSING_REQUIRED_PARAMETER',
        'A PayPal-Request-Id header is required so a retried refund is not repeated.',
      )
    const cached = this.refundAnswers.get(requestId)
    if (cached) return send(cached.status, cached.body)
    const order = [...this.orders.values()].find((o) => o.capture?.id === captureId)
    if (!order?.capture)
      return send(404, {
        name: 'RESOURCE_NOT_FOUND',
        details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
      })
    const amount = body?.amount
    if (
      !amount ||
      typeof amount.value !== 'string' ||
      !/^\d+(\.\d{2})?$/.test(amount.value) ||
      typeof amount.currency_code !== 'string'
    ) {
      return invalid('MISSING_REQUIRED_PARAMETER', 'amount.value and amount.currency_code are required.')
    }
    if (amount.currency_code !== order.amount.currency_code)
      return unprocessable('CURRENCY_MISMATCH', 'The refund currency must be the capture currency.')
    if (order.capture.status !== 'COMPLETED')
      return unprocessable('CAPTURE_STATUS_NOT_VALID', 'Only a completed capture can be refunded.')
    const cents = Math.round(Number(amount.value) * 100)
    const captured = Math.round(Number(order.amount.value) * 100)
    if (order.capture.refundedCents >= captured)
      return unprocessable('CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded.')
    if (cents <= 0 || order.capture.refundedCents + cents > captured) {
      return unprocessable(
        'REFUND_AMOUNT_EXCEEDED',
        'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
      )
    }
    order.capture.refundedCents += cents
    const made: FakeRefund = {
      id: this.nextId('REF'),
      captureId,
      requestId,
      amount: { currency_code: amount.currency_code, value: amount.value },
      status: 'COMPLETED',
    }
    this.refunds.push(made)
    const answer = {
      status: 201,
      body: {
        id: made.id,
        status: made.status,
        links: [
          { href: `${this.url}/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' },
          { href: `${this.url}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      },
    }
    this.refundAnswers.set(requestId, answer)
    return send(answer.status, answer.body)
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

/** The exact source text of the value of a top-level member of a JSON object, or undefined. */
export function rawMember(json: string, name: string): string | undefined {
  const key = `${JSON.stringify(name)}`
  let depth = 0
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!
    if (c === '"') {
      const end = stringEnd(json, i)
      if (depth === 1 && json.slice(i, end) === key) {
        let j = end
        while (/\s/.test(json[j] ?? '')) j++
        if (json[j] !== ':') return undefined
        j++
        while (/\s/.test(json[j] ?? '')) j++
        return json.slice(j, valueEnd(json, j))
      }
      i = end - 1
    } else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') depth--
  }
  return undefined
}

function stringEnd(json: string, start: number): number {
  for (let i = start + 1; i < json.length; i++) {
    if (json[i] === '\\') i++
    else if (json[i] === '"') return i + 1
  }
  return json.length
}

function valueEnd(json: string, start: number): number {
  let depth = 0
  for (let i = start; i < json.length; i++) {
    const c = json[i]!
    if (c === '"') {
      i = stringEnd(json, i) - 1
      if (depth === 0) return i + 1
    } else if (c === '{' || c === '[') depth++
    else if (c === '}' || c === ']') {
      if (depth === 0) return i
      depth--
      if (depth === 0) return i + 1
    } else if (depth === 0 && (c === ',' || /\s/.test(c))) return i
  }
  return json.length
}

/** A PAYMENT.CAPTURE.* webhook event as PayPal sends it. */
export function captureEvent(
  type: 'COMPLETED' | 'DENIED' | 'PENDING' | 'REVERSED',
  {
    eventId,
    captureId,
    paypalOrderId,
    orderId,
    value,
  }: { eventId: string; captureId: string; paypalOrderId: string; orderId: string; value: string },
) {
  return {
    id: eventId,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'capture',
    event_type: `PAYMENT.CAPTURE.${type}`,
    summary: `Payment ${type.toLowerCase()} for $ ${value} USD`,
    resource: {
      id: captureId,
      status: type === 'REVERSED' ? 'REVERSED' : type,
      amount: { currency_code: 'USD', value },
      custom_id: orderId,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: paypalOrderId } },
      links: [],
    },
  }
}

/** A PAYMENT.CAPTURE.REFUNDED event: the resource is the refund, linked "up" to its capture. */
export function refundEvent({
  eventId,
  captureId,
  value,
  base,
}: {
  eventId: string
  captureId: string
  value: string
  base: string
}) {
  return {
    id: eventId,
    event_version: '1.0',
    resource_type: 'refund',
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    resource: {
      id: `REF-${eventId}`,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value },
      seller_payable_breakdown: { total_refunded_amount: { currency_code: 'USD', value } },
      links: [{ href: `${base}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' }],
    },
  }
}
