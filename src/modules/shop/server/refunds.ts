import 'server-only'

import type { Payload } from 'payload'

import { formatCents } from '@/lib/money'

import { conflict, notFound, upstreamFailed } from '@/platform/errors'
import { findOrder, settlePayment, type OrderStatus } from './orders'
import { paymentProvider, PaymentProviderError, PayPalClient } from './payments'
import { testProvider } from './payments/test'
import type { PaymentProvider } from './payments/types'

/** The request id of an order's refund: asking twice can never refund twice. */
const refundRequestId = (orderId: string) => `refund-${orderId}`

/** The provider that took the order's money, if this site can still reach it. */
function providerOf(order: { paymentProvider: 'paypal' | 'test' | null }): PaymentProvider {
  if (order.paymentProvider === 'test') return testProvider
  const provider = paymentProvider()
  if (!(provider instanceof PayPalClient)) {
    throw conflict('This order was paid with PayPal, which is not configured on this site now: refund it in PayPal.')
  }
  return provider
}

/**
 * Gives a paid or shipped order's money back through the provider that took it (the whole
 * capture), then marks it refunded: its stock returns and the buyer gets an email. Nothing changes
 * when the provider refuses; a refund the provider had already made is recorded as done.
 */
export async function refundOrder(payload: Payload, orderId: string): Promise<{ id: string; status: OrderStatus }> {
  const order = await findOrder(payload, orderId)
  if (!order) throw notFound('Order not found')
  if (order.status === 'refunded') throw conflict('This order is already refunded.')
  if (order.status !== 'paid' && order.status !== 'shipped') {
    throw conflict(`Only paid or shipped orders can be refunded; this one is ${order.status}.`)
  }
  if (!order.paypalCaptureId) throw conflict('This order has no captured payment to refund.')
  const provider = providerOf(order)
  try {
    await provider.refundCapture({
      captureId: order.paypalCaptureId,
      amount: formatCents(order.totalCents),
      currency: 'USD',
      requestId: refundRequestId(order.id),
      note: `Refund of order #${order.id.slice(0, 8)}`,
    })
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    if (error.options.issue !== 'CAPTURE_FULLY_REFUNDED') {
      console.error(`Refund of order ${order.id} (capture ${order.paypalCaptureId}) failed:`, error.message)
      const refused = error.options.status && error.options.status < 500
      throw (refused ? conflict : upstreamFailed)(
        'The payment service did not refund this order. Nothing was changed; please try again or refund it in PayPal.',
      )
    }
  }
  const status = await settlePayment(payload, order.id, { kind: 'refunded', reason: 'refunded by the team' })
  if (status !== 'refunded') throw conflict(`The order is ${status} and was not marked refunded.`)
  return { id: order.id, status }
}
