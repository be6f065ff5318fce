import 'server-only'

import { PayPalHttp, type CallOptions, type PayPalConfig } from './paypalHttp'
import { PaymentProviderError, type CaptureResult, type PaymentProvider } from './types'

export const PAYPAL_SANDBOX = 'https://api-m.sandbox.paypal.com'

type Capture = { id?: string; status?: string; amount?: { currency_code?: string; value?: string } }
type PayPalOrder = { id?: string; status?: string; purchase_units?: { payments?: { captures?: Capture[] } }[] }

/** A capture refusal PayPal reports as 422 that means "the buyer's payment was declined". */
const DECLINE_ISSUES = new Set([
  'INSTRUMENT_DECLINED',
  'TRANSACTION_REFUSED',
  'PAYER_CANNOT_PAY',
  'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
  'CARD_EXPIRED',
])

/**
 * PayPal's REST API as the checkout uses it: Orders v2 create / get / capture, client tokens,
 * webhook signature verification and refunds, over PayPalHttp (sign-in, timeouts and retries).
 */
export class PayPalClient implements PaymentProvider {
  readonly name = 'paypal' as const
  private readonly http: PayPalHttp

  constructor(private readonly config: PayPalConfig) {
    this.http = new PayPalHttp(config)
  }

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
                ...(breakdown.taxTotal ? { tax_total: { currency_code: currency, value: breakdown.taxTotal } } : {}),
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

  private call<T>(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<T> {
    return this.http.call<T>(method, path, options)
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
