export type FakeRefund = {
  id: string
  captureId: string
  requestId: string
  amount: { currency_code: string; value: string }
  status: 'COMPLETED'
}

export type Reply = { status: number; body: unknown }

/** What a refund needs to know of a PayPal order and its capture. */
export type RefundableOrder = {
  amount: { currency_code: string; value: string }
  capture: { id: string; status: string; refundedCents: number } | null
}

/**
 * Capture refunds as PayPal makes them (POST /v2/payments/captures/{id}/refund), with PayPal's
 * checks on the capture and the amount. A refund request needs a PayPal-Request-Id; repeated, it
 * gets the same answer and refunds nothing more.
 */
export class FakeRefunds {
  /** Refunds really performed, in order. */
  readonly made: FakeRefund[] = []
  /** Answers to refund requests by PayPal-Request-Id. */
  private answers = new Map<string, Reply>()

  constructor(
    private readonly base: () => string,
    private readonly nextId: (prefix: string) => string,
  ) {}

  refund(orders: Iterable<RefundableOrder>, captureId: string, requestId: string | undefined, body: any): Reply {
    if (!requestId)
      return invalid(
        'MISSING_REQUIRED_PARAMETER',
        'A PayPal-Request-Id header is required so a retried refund is not repeated.',
      )
    const cached = this.answers.get(requestId)
    if (cached) return cached
    const order = [...orders].find((o) => o.capture?.id === captureId)
    if (!order?.capture)
      return {
        status: 404,
        body: {
          name: 'RESOURCE_NOT_FOUND',
          details: [{ issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist.' }],
        },
      }
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
    this.made.push(made)
    const answer = {
      status: 201,
      body: {
        id: made.id,
        status: made.status,
        links: [
          { href: `${this.base()}/v2/payments/refunds/${made.id}`, rel: 'self', method: 'GET' },
          { href: `${this.base()}/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
        ],
      },
    }
    this.answers.set(requestId, answer)
    return answer
  }
}

/** PayPal's 400 answer to a malformed refund request. */
const invalid = (issue: string, description: string): Reply => ({
  status: 400,
  body: {
    name: 'INVALID_REQUEST',
    message: 'Request is not well-formed, syntactically incorrect, or violates schema.',
    details: [{ issue, description }],
    debug_id: 'fake-refund',
  },
})

/** PayPal's 422 answer to a refund it cannot make. */
const unprocessable = (issue: string, description: string): Reply => ({
  status: 422,
  body: {
    name: 'UNPROCESSABLE_ENTITY',
    message: 'The requested action could not be performed.',
    details: [{ issue, description }],
    debug_id: 'fake-refund',
  },
})
