import 'server-only'

import type { Payload } from 'payload'

import { formatCents, toCents } from '@/lib/money'

import { conflict, notFound, unavailable, upstreamFailed, upstreamTimedOut, type DomainError } from '@/platform/errors'
import {
  attachProviderOrder,
  findOrder,
  findOrderByProviderId,
  holdStockForPayment,
  releaseHeldStock,
  reopenDeclinedOrder,
  settlePayment,
  type OrderRow,
  type OrderStatus,
} from '../orders'

import { PAYMENTS_NOT_CONFIGURED, paymentProvider } from './index'
import { PaymentProviderError } from './types'

export const PAYMENT_FAILED_MESSAGE = 'Your payment could not be processed. Please try again.'

/**
 * Request ids derived from our order id and its payment attempt: a retried call can never make a
 * second provider order or capture, and paying a declined order again is a call of its own.
 */
const attemptSuffix = (order: OrderRow) => (order.paymentAttempt > 0 ? `-${order.paymentAttempt}` : '')
const createRequestId = (order: OrderRow) => `order-${order.id}${attemptSuffix(order)}`
const captureRequestId = (order: OrderRow) => `capture-${order.id}${attemptSuffix(order)}`

function providerUnavailable(error: PaymentProviderError): DomainError {
  console.error('Payment provider error:', error.message)
  return error.options.timedOut
    ? upstreamTimedOut(
        'The payment service did not answer in time. Your order is still pending; please try again in a moment.',
      )
    : upstreamFailed(
        'The payment service is not available right now. Your order is still pending; please try again in a moment.',
      )
}

/**
 * Creates the provider's order for one of this browser's pending orders, for the total the server
 * computed (a different client `amount` is refused). Calling it again returns the same provider
 * order. An order whose payment was declined is paid again: it becomes pending with a new attempt.
 */
export async function createProviderOrder(
  payload: Payload,
  {
    boundIds,
    orderId,
    amount,
    currency,
    intent,
  }: { boundIds: string[]; orderId?: string; amount?: string | number; currency?: string; intent?: string },
): Promise<{ id: string; orderId: string; amount: string; currency: 'USD' }> {
  const provider = paymentProvider()
  if (!provider) throw unavailable(PAYMENTS_NOT_CONFIGURED)
  const id = orderId ?? boundIds.at(-1)
  if (!id || !boundIds.includes(id)) throw notFound('Order not found')
  const found = await findOrder(payload, id)
  const order = found?.status === 'failed' ? await reopenDeclinedOrder(payload, id) : found
  if (!order) throw notFound('Order not found')
  if (order.status !== 'pending') throw conflict(`This order is already ${order.status}.`)
  const total = formatCents(order.totalCents)
  if (currency !== undefined && currency !== 'USD') throw conflict('Payments are taken in USD only.')
  if (intent !== undefined && intent !== 'CAPTURE') throw conflict('Only the CAPTURE payment intent is supported.')
  if (amount !== undefined && toCents(typeof amount === 'number' ? amount.toFixed(2) : amount) !== order.totalCents) {
    throw conflict(`The amount to pay is $${total}, the order total.`)
  }
  if (order.paypalOrderId) return { id: order.paypalOrderId, orderId: id, amount: total, currency: 'USD' }
  let created: { id: string }
  try {
    created = await provider.createOrder({
      orderId: id,
      amount: total,
      breakdown: {
        itemTotal: formatCents(order.subtotalCents),
        shipping: formatCents(order.shippingCents),
        discount: formatCents(order.discountCents),
        // A tax included in the prices is already part of the items and shipping.
        taxTotal: order.pricesIncludeTax || order.taxCents === 0 ? undefined : formatCents(order.taxCents),
      },
      currency: 'USD',
      requestId: createRequestId(order),
      description: `Order #${id.slice(0, 8)}`,
    })
  } catch (error) {
    if (error instanceof PaymentProviderError) throw providerUnavailable(error)
    throw error
  }
  const kept = await attachProviderOrder(payload, id, provider.name, created.id)
  return { id: kept, orderId: id, amount: total, currency: 'USD' }
}

export type CaptureOutcome = { httpStatus: number; id: string; orderId: string; status: OrderStatus; message?: string }

const outcome = (providerOrderId: string, orderId: string, status: OrderStatus, message?: string): CaptureOutcome => ({
  httpStatus: status === 'failed' ? 402 : status === 'pending' ? 202 : 200,
  id: providerOrderId,
  orderId,
  status,
  ...(message ? { message } : {}),
})

/**
 * Captures the payment of one of this browser's orders (see capturePayment); anyone else's
 * order does not exist for this browser.
 */
export async function captureOrderPayment(
  payload: Payload,
  {
    providerOrderId,
    boundIds,
    testOutcome,
  }: { providerOrderId: string; boundIds: string[]; testOutcome?: 'completed' | 'declined' | 'pending' },
): Promise<CaptureOutcome> {
  const order = await findOrderByProviderId(payload, providerOrderId)
  if (!order || !boundIds.includes(order.id)) throw notFound('Order not found')
  return capturePayment(payload, order, testOutcome)
}

/**
 * Captures an order's payment. Stock is taken first (conditionally: it cannot oversell); short
 * stock fails the order without capturing. COMPLETED for the order's amount and currency makes it
 * paid, PENDING leaves it for the webhook, a decline makes it failed and gives the stock back.
 * Calling it again finds the order settled (or repeats the capture with the same request id, which
 * PayPal answers without capturing twice) and changes nothing.
 */
export async function capturePayment(
  payload: Payload,
  order: OrderRow,
  testOutcome?: 'completed' | 'declined' | 'pending',
): Promise<CaptureOutcome> {
  const providerOrderId = order.paypalOrderId!
  const provider = paymentProvider()
  if (!provider) throw unavailable(PAYMENTS_NOT_CONFIGURED)
  if (order.paymentProvider && order.paymentProvider !== provider.name) {
    throw conflict('This order was started with another payment provider. Please place the order again.')
  }

  const hold = await holdStockForPayment(payload, order.id)
  if (!hold.ok) {
    // A code that ran out or an item that sold out before the payment: nothing is charged.
    const refused =
      hold.discountRefused ??
      (hold.soldOut && `Sorry, ${hold.soldOut} sold out before your payment went through. You have not been charged.`)
    if (refused) return { httpStatus: 409, id: providerOrderId, orderId: order.id, status: 'failed', message: refused }
    return outcome(
      providerOrderId,
      order.id,
      hold.order.status,
      hold.order.status === 'failed' ? PAYMENT_FAILED_MESSAGE : undefined,
    )
  }

  let result
  try {
    result = await provider.captureOrder({
      providerOrderId,
      requestId: captureRequestId(order),
      amount: formatCents(order.totalCents),
      testOutcome: provider.name === 'test' ? testOutcome : undefined,
    })
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    // No answer: the payment may have gone through, so the stock stays held for a retry or the webhook.
    if (error.options.outcomeUnknown || error.options.timedOut) throw providerUnavailable(error)
    // A refusal that is not a decline (e.g. not yet approved): nothing was captured.
    await releaseHeldStock(payload, order.id)
    console.warn(`Capture of ${providerOrderId} for order ${order.id} refused:`, error.message)
    throw conflict('The payment was not completed. Please approve it with PayPal and try again.')
  }

  switch (result.status) {
    case 'COMPLETED': {
      const status = await settlePayment(payload, order.id, {
        kind: 'completed',
        captureId: result.captureId,
        amount: result.amount,
        currency: result.currency,
      })
      return outcome(providerOrderId, order.id, status, status === 'failed' ? PAYMENT_FAILED_MESSAGE : undefined)
    }
    case 'PENDING': {
      const status = await settlePayment(payload, order.id, { kind: 'pending', captureId: result.captureId })
      return outcome(
        providerOrderId,
        order.id,
        status,
        status === 'pending'
          ? 'Your payment is being reviewed by the payment provider. This page updates once it completes.'
          : undefined,
      )
    }
    default: {
      const status = await settlePayment(payload, order.id, {
        kind: 'failed',
        reason: `payment ${result.status.toLowerCase()}`,
      })
      return outcome(providerOrderId, order.id, status, status === 'failed' ? PAYMENT_FAILED_MESSAGE : undefined)
    }
  }
}
