/**
 * Webhooks of the fake PayPal. Like PayPal, it signs the exact bytes of a webhook it delivers and
 * verifies a webhook only when the `webhook_event` it is asked about is byte-for-byte that body.
 */
export class FakeWebhooks {
  /** The exact bytes of every webhook delivered, by transmission id. */
  private delivered = new Map<string, string>()

  constructor(
    private readonly base: () => string,
    private readonly webhookId: string,
  ) {}

  /**
   * Delivers a webhook as PayPal does: `body` is the exact text sent, and the headers sign it.
   * Only a `valid` transmission of exactly these bytes passes verification.
   */
  sign(transmissionId: string, body: string, valid = true): Record<string, string> {
    this.delivered.set(transmissionId, body)
    return this.headers(transmissionId, valid)
  }

  /** Headers PayPal would send with a webhook; only `valid` ones pass verification here. */
  headers(transmissionId: string, valid = true): Record<string, string> {
    return {
      'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
      'PAYPAL-CERT-URL': `${this.base()}/v1/notifications/certs/CERT-fake`,
      'PAYPAL-TRANSMISSION-ID': transmissionId,
      'PAYPAL-TRANSMISSION-SIG': valid ? `valid:${transmissionId}` : 'forged-signature',
      'PAYPAL-TRANSMISSION-TIME': new Date().toISOString(),
    }
  }

  /** The answer to POST /v1/notifications/verify-webhook-signature, whose exact text is `raw`. */
  verify(raw: string, body: any) {
    // PayPal checks the signature over the bytes it sent: a re-serialised event does not verify.
    const delivered = this.delivered.get(String(body.transmission_id))
    const ok =
      body.webhook_id === this.webhookId &&
      body.transmission_sig === `valid:${body.transmission_id}` &&
      delivered !== undefined &&
      rawMember(raw, 'webhook_event') === delivered
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' }
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
