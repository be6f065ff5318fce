import 'server-only'

import crypto from 'node:crypto'

import { toCents } from '@/lib/money'

import { PaymentProviderError, type CaptureResult, type PaymentProvider } from './types'

const digest = (value: string) => crypto.createHash('sha256').update(value).digest('hex').slice(0, 17).toUpperCase()

/**
 * The built-in test provider, so the whole checkout runs on a machine without PayPal
 * credentials. It keeps no state: the same request id always gives the same order and capture
 * ids, so retries and double clicks behave as with PayPal. A capture completes for the order's
 * amount unless the buyer chose "declined" or "pending"; a refund is recorded by the order alone.
 * Like PayPal, it refuses an order whose item total, shipping and discount do not add up to its
 * amount (AMOUNT_MISMATCH).
 */
export const testProvider: PaymentProvider = {
  name: 'test',
  clientId: null,
  async clientToken() {
    return `test-${crypto.randomBytes(12).toString('hex')}`
  },
  async createOrder({ requestId, amount, breakdown }) {
    const parts =
      toCents(breakdown.itemTotal) +
      toCents(breakdown.shipping) +
      toCents(breakdown.taxTotal ?? '0') -
      toCents(breakdown.discount)
    if (parts !== toCents(amount)) {
      throw new PaymentProviderError('The amount breakdown does not add up to the amount.', {
        status: 422,
        issue: 'AMOUNT_MISMATCH',
      })
    }
    return { id: `TEST-${digest(`order:${requestId}`)}` }
  },
  async captureOrder({ providerOrderId, amount, testOutcome = 'completed' }): Promise<CaptureResult> {
    const captureId = `TESTCAP-${digest(`capture:${providerOrderId}`)}`
    if (testOutcome === 'declined') return { status: 'DECLINED', captureId: null, amount: null, currency: null }
    if (testOutcome === 'pending') return { status: 'PENDING', captureId, amount, currency: 'USD' }
    return { status: 'COMPLETED', captureId, amount, currency: 'USD' }
  },
  async refundCapture({ requestId }) {
    return { id: `TESTREF-${digest(`refund:${requestId}`)}`, status: 'COMPLETED' }
  },
}
