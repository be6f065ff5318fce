import 'server-only'

import { PaymentProviderError, type CaptureResult, type PaymentProvider } from './types'

export const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com'

type PayPalConfig = {
  clientId: string
  clientSecret: string
  apiBase: string
  timeoutMs: number
  webhookId: string | null
}

type Capture = { id?: string; status?: string; amount?: { currency_code?: string; value?: string } }
type PayPalOrder = { id?: string; status?: string; purchase_units?: { payments?: { captures?: Capture[] } }[] }
type PayPalErrorBody = {
  name?: string
  message?: string
  debug_id?: string
  details?: { issue?: string; description?: string }[]
  error_description?: string
}

/** A capture refusal PayPal reports as 422 that means "the buyer's payment was declined". */
const DECLINE_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'CARD_EXPIRED',
])
const RETRY_DELAYS_MS = [300, 1000]

/**
 * PayPal's REST API as the checkout uses it: OAuth client credentials, Orders v2 create / get /
 * capture, client tokens and webhook signature verification. Every call has a timeout; calls that
 * are safe to repeat (GETs and those carrying a PayPal-Request-Id) are retried on a timeout,
 * a network error or a 5xx, with the same request id so PayPal does the work only once.
 */
export class PayPalClient implements PaymentProvider {
  readonly name = 'paypal' as const
  private token: { value: string; expiresAt: number } | null = null

  constructor(private readonly config: PayPalConfig) {}

  get clientId() {
    return this.config.clientId
  }

  get webhookId() {
    return this.config.webhookId
  }

  async clientToken(): Promise<string> {
    const body = await this.call<{ client_token?: string }>('POST', '/v1/identity/generate-token', { body: {} })
    if (!body.client_token) throw new PaymentProviderError('PayPal did not return a client token.')
    return body.client_token
  }

  async createOrder({
    orderId,
    amount,
    breakdown,
    currency,
    requestId,
    description,
  }: Parameters<PaymentProvider['createOrder']>[0]) {
    const body = await this.call<PayPalOrder>('POST', '/v2/checkout/orders', {
      requestId,
      body: {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: orderId,
            custom_id: orderId,
            description: description.slice(0, 127),
            amount: {
              currency_code: currency,
              value: amount,
              breakdown: {
                item_total: { currency_code: currency, value: breakdown.itemTotal },
                shipping: { currency_code: currency, value: breakdown.shipping },
                discount: { currency_code: currency, value: breakdown.discount },
              },
            },
          },
        ],
      },
    })
    if (!body.id) throw new PaymentProviderError('PayPal did not return an order id.')
    return { id: body.id }
  }

  async getOrder(providerOrderId: string): Promise<PayPalOrder> {
    return this.call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}`)
  }

  async captureOrder({
    providerOrderId,
    requestId,
  }: Parameters<PaymentProvider['captureOrder']>[0]): Promise<CaptureResult> {
    try {
      const order = await this.call<PayPalOrder>(
        'POST',
        `/v2/checkout/orders/${encodeURIComponent(providerOrderId)}/capture`,
        {
          requestId,
          body: {},
          prefer: 'return=representation',
        },
      )
      return captureOf(order)
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error
      const issue = error.options.issue
      if (issue && DECLINE_ISSUES.has(issue))
        return { status: 'DECLINED', captureId: null, amount: null, currency: null }
      // Captured earlier (e.g. by a request whose answer was lost): read the capture back.
      if (issue === 'ORDER_ALREADY_CAPTURED') return captureOf(await this.getOrder(providerOrderId))
      throw error
    }
  }

  /**
   * Asks PayPal whether a webhook really comes from PayPal for this site's webhook id. PayPal
   * checks its signature over the exact bytes it sent, so `rawEvent` (the delivered body text) is
   * spliced into the request as it is, never parsed and serialised again.
   */
  async verifyWebhookSignature(headers: Headers, rawEvent: string): Promise<boolean> {
    if (!this.config.webhookId)
      throw new PaymentProviderError('PAYPAL_WEBHOOK_ID is not set, so webhooks cannot be verified.')
    const header = (name: string) => headers.get(name) ?? ''
    if (!header('paypal-transmission-sig') || !header('paypal-transmission-id')) return false
    const fields = JSON.stringify({
      auth_algo: header('paypal-auth-algo'),
      cert_url: header('paypal-cert-url'),
      transmission_id: header('paypal-transmission-id'),
      transmission_sig: header('paypal-transmission-sig'),
      transmission_time: header('paypal-transmission-time'),
      webhook_id: this.config.webhookId,
    })
    const body = await this.call<{ verification_status?: string }>(
      'POST',
      '/v1/notifications/verify-webhook-signature',
      {
        rawBody: `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`,
        retry: true,
      },
    )
    return body.verification_status === 'SUCCESS'
  }

  /** Refunds a capture in full; the request id makes a retried refund happen once. */
  async refundCapture({
    captureId,
    amount,
    currency,
    requestId,
    note,
  }: Parameters<NonNullable<PaymentProvider['refundCapture']>>[0]) {
    const body = await this.call<{ id?: string; status?: string }>(
      'POST',
      `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      {
        requestId,
        body: { amount: { value: amount, currency_code: currency }, note_to_payer: note.slice(0, 255) },
        prefer: 'return=representation',
      },
    )
    if (!body.id) throw new PaymentProviderError('PayPal did not return a refund id.')
    return { id: body.id, status: body.status ?? 'COMPLETED' }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64')
    const res = await this.send('POST', '/v1/oauth2/token', {
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    })
    const body = (await readBody(res)) as { access_token?: string; expires_in?: number } & PayPalErrorBody
    if (!res.ok || !body.access_token) {
      throw new PaymentProviderError(
        res.status === 401
          ? 'PayPal refused the client id and secret (PAYPAL_CLIENT_ID / PAYPAL_CLIENT_SECRET).'
          : `PayPal sign-in failed (HTTP ${res.status}${body.error_description ? `: ${body.error_description}` : ''}).`,
        { status: res.status },
      )
    }
    const lifetime = Math.max(60, Number(body.expires_in ?? 3600))
    this.token = { value: body.access_token, expiresAt: Date.now() + (lifetime - 60) * 1000 }
    return body.access_token
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    {
      body,
      rawBody,
      requestId,
      prefer,
      retry,
    }: { body?: unknown; rawBody?: string; requestId?: string; prefer?: string; retry?: boolean } = {},
  ): Promise<T> {
    const retryable = retry || method === 'GET' || Boolean(requestId)
    let lastError: PaymentProviderError | null = null
    for (let attempt = 0; attempt <= (retryable ? RETRY_DELAYS_MS.length : 0); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt - 1]))
      try {
        const headers: Record<string, string> = {
          Authorization: `Bearer ${await this.accessToken()}`,
          Accept: 'application/json',
        }
        const text = rawBody ?? (body === undefined ? undefined : JSON.stringify(body))
        if (text !== undefined) headers['Content-Type'] = 'application/json'
        if (requestId) headers['PayPal-Request-Id'] = requestId
        if (prefer) headers.Prefer = prefer
        const res = await this.send(method, path, { headers, body: text })
        const parsed = (await readBody(res)) as T & PayPalErrorBody
        if (res.ok) return parsed
        if (res.status === 401 && attempt === 0) {
          // The cached token expired early: sign in again once.
          this.token = null
          lastError = new PaymentProviderError('PayPal refused the access token.', { status: 401 })
          continue
        }
        const issue = parsed.details?.[0]?.issue ?? parsed.name
        const error = new PaymentProviderError(
          `PayPal answered ${method} ${path} with HTTP ${res.status}${issue ? ` (${issue})` : ''}${parsed.debug_id ? `, debug id ${parsed.debug_id}` : ''}.`,
          { status: res.status, issue, debugId: parsed.debug_id, outcomeUnknown: res.status >= 500 },
        )
        if (res.status < 500) throw error
        lastError = error
      } catch (error) {
        if (error instanceof PaymentProviderError && !(error.options.outcomeUnknown || error.options.timedOut))
          throw error
        lastError = error instanceof PaymentProviderError ? error : toNetworkError(error, method, path)
      }
      if (!retryable) break
    }
    throw lastError ?? new PaymentProviderError(`PayPal did not answer ${method} ${path}.`, { outcomeUnknown: true })
  }

  private async send(
    method: string,
    path: string,
    init: { headers: Record<string, string>; body?: string },
  ): Promise<Response> {
    try {
      return await fetch(this.config.apiBase + path, {
        method,
        ...init,
        signal: AbortSignal.timeout(this.config.timeoutMs),
      })
    } catch (error) {
      throw toNetworkError(error, method, path)
    }
  }
}

function toNetworkError(error: unknown, method: string, path: string): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
  return new PaymentProviderError(
    timedOut
      ? `PayPal did not answer ${method} ${path} in time.`
      : `Could not reach PayPal for ${method} ${path}: ${(error as Error).message}.`,
    { timedOut, outcomeUnknown: true },
  )
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return {}
  try {
    return JSON.parse(text)
  } catch {
    return { message: text.slice(0, 200) }
  }
}

/** The (single) capture of an Orders v2 answer. */
function captureOf(order: PayPalOrder): CaptureResult {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0]
  if (!capture) {
    if (order.status === 'COMPLETED')
      throw new PaymentProviderError('PayPal reported a completed order without a capture.')
    throw new PaymentProviderError(`PayPal did not capture the payment (order status ${order.status ?? 'unknown'}).`, {
      issue: order.status,
    })
  }
  const status =
    capture.status === 'COMPLETED' || capture.status === 'PENDING' || capture.status === 'DECLINED'
      ? capture.status
      : 'FAILED'
  return {
    status,
    captureId: capture.id ?? null,
    amount: capture.amount?.value ?? null,
    currency: capture.amount?.currency_code ?? null,
  }
}
