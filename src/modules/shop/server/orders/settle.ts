import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { formatCents, toCents } from '@/lib/money'

import { enqueueOrderPaidEmails, enqueueOrderUpdateEmail } from '../orderEmails'
import { conflict, notFound } from '@/platform/errors'
import { revokeOrderGrants } from '@/modules/music'
import { moveStock, OutOfStockError } from '@/modules/stock'
import { revalidatePublic } from '@/platform/cache/revalidate'
import { withTransaction, type Tx } from '@/platform/db/transaction'

import { forceDiscountUse, releaseDiscountUse } from './discountUse'
import { grantOrderReleases } from './grants'
import { canMoveOrder, type OrderStatus } from './states'
import { gives, lockOrder, stockLines, takes, type OrderRow } from './store'

export type PaymentOutcome =
  | { kind: 'completed'; captureId: string | null; amount: string | null; currency: string | null }
  | { kind: 'pending'; captureId: string | null }
  | { kind: 'failed'; reason: string }
  | { kind: 'refunded'; reason: string }

/**
 * Applies what the payment provider said to the order, once: COMPLETED with the order's amount
 * and currency makes a pending order paid (and queues its emails in the same transaction);
 * a decline or failure makes it failed and gives its stock back; a refund of a paid order makes
 * it refunded. Anything that does not fit the state machine changes nothing. Returns the status.
 */
export async function settlePayment(
  payload: Payload,
  orderId: string,
  outcome: PaymentOutcome,
  outer?: PayloadRequest,
): Promise<OrderStatus> {
  let stockChanged = false
  const status = await withTransaction(
    payload,
    async (tx) => {
      const order = await lockOrder(tx, orderId)
      if (!order) throw notFound('Order not found')
      switch (outcome.kind) {
        case 'pending': {
          if (order.status === 'pending' && outcome.captureId && !order.paypalCaptureId) {
            await tx.execute(
              sql`UPDATE orders SET paypal_capture_id = ${outcome.captureId}, updated_at = now() WHERE id = ${orderId}`,
            )
          }
          return order.status
        }
        case 'completed': {
          if (order.status !== 'pending') {
            if (order.status === 'failed' || order.status === 'refunded') {
              console.error(
                `Order ${orderId} is ${order.status} but its payment ${outcome.captureId ?? ''} completed: refund it by hand.`,
              )
            }
            return order.status
          }
          const amountOk =
            outcome.amount !== null && toCents(outcome.amount) === order.totalCents && outcome.currency === 'USD'
          if (!amountOk) {
            console.error(
              `Order ${orderId}: the payment ${outcome.captureId ?? ''} captured ${outcome.amount ?? '?'} ${outcome.currency ?? '?'} instead of ${formatCents(order.totalCents)} USD: marked failed, refund it by hand.`,
            )
            stockChanged = await moveOrder(tx, order, 'failed', {
              reason: 'The paid amount did not match the order total',
            })
            return 'failed' as const
          }
          if (!order.stockTaken) {
            // Paid outside the capture route (e.g. only the webhook arrived): take the stock now.
            try {
              await tx.execute(sql`SAVEPOINT take_stock`)
              await moveStock(tx, 'all-or-nothing', takes(await stockLines(tx, orderId)))
              await tx.execute(sql`RELEASE SAVEPOINT take_stock`)
              stockChanged = true
              // Counted even past the code's limit: the buyer has paid this price already.
              await forceDiscountUse(tx, orderId)
            } catch (error) {
              if (!(error instanceof OutOfStockError)) throw error
              await tx.execute(sql`ROLLBACK TO SAVEPOINT take_stock`)
              console.error(`Order ${orderId} was paid but ${error.label} is out of stock: contact the customer.`)
            }
          }
          await moveOrder(tx, order, 'paid', { captureId: outcome.captureId })
          return 'paid' as const
        }
        case 'failed': {
          if (order.status !== 'pending') return order.status
          stockChanged = await moveOrder(tx, order, 'failed', { reason: outcome.reason })
          return 'failed' as const
        }
        case 'refunded': {
          if (order.status !== 'paid' && order.status !== 'shipped') {
            if (order.status !== 'refunded')
              console.warn(`Order ${orderId} was refunded at the provider while ${order.status}; status kept.`)
            return order.status
          }
          stockChanged = await moveOrder(tx, order, 'refunded', { reason: outcome.reason })
          return 'refunded' as const
        }
      }
    },
    outer,
  )
  if (stockChanged) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return status
}

/**
 * One move of the state machine inside a transaction holding the order's lock, with its side
 * effects: paid queues the confirmation and notification emails, shipped the shipping email,
 * refunded the refund email; failed and refunded give held stock back, and refunded revokes the
 * order's download grants. Returns whether stock changed.
 */
export async function moveOrder(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  { reason, captureId }: { reason?: string; captureId?: string | null } = {},
): Promise<boolean> {
  if (order.status === to) throw conflict(`The order is already ${to}.`)
  if (!canMoveOrder(order.status, to)) throw conflict(`An order that is ${order.status} cannot be marked ${to}.`)
  const payload = tx.req.payload
  let stockChanged = false
  if ((to === 'failed' || to === 'refunded') && order.stockTaken) {
    await moveStock(tx, 'give-back', gives(await stockLines(tx, order.id)))
    await releaseDiscountUse(tx, order.id)
    stockChanged = true
  }
  if (to === 'refunded') await revokeOrderGrants(payload, order.id, tx.req)
  const stockTaken = to === 'failed' || to === 'refunded' ? false : to === 'paid' ? true : order.stockTaken
  await tx.execute(sql`UPDATE orders SET
      status = ${to},
      stock_taken = ${stockTaken},
      failure_reason = ${to === 'failed' || to === 'refunded' ? (reason ?? null) : null},
      paypal_capture_id = COALESCE(paypal_capture_id, ${captureId ?? null}),
      paid_at = CASE WHEN ${to} = 'paid' THEN now() ELSE paid_at END,
      updated_at = now()
    WHERE id = ${order.id}`)
  if (to === 'paid') await enqueueOrderPaidEmails(payload, order.id, tx.req, await grantOrderReleases(tx, order.id))
  if (to === 'shipped' || to === 'refunded') await enqueueOrderUpdateEmail(payload, order.id, to, tx.req)
  return stockChanged
}

/**
 * Moves an order along the state machine (pending → paid | failed, paid → shipped | refunded,
 * shipped → completed), once: a move that does not fit is a 409 with a clear message, an unknown
 * order a 404. Marking an order shipped records its carrier and tracking number (when given) and
 * queues the "your order has shipped" email to the customer.
 * Pass `req` to join a transaction already under way.
 */
export async function transitionOrderStatus(
  payload: Payload,
  orderId: string,
  to: OrderStatus,
  req?: PayloadRequest,
  tracking: { carrier?: string; trackingNumber?: string } = {},
): Promise<{ id: string; status: OrderStatus }> {
  let stockChanged = false
  await withTransaction(
    payload,
    async (tx) => {
      const order = await lockOrder(tx, orderId)
      if (!order) throw notFound('Order not found')
      if (to === 'shipped' && (tracking.carrier || tracking.trackingNumber)) {
        // Written before the move, so the shipped email (queued by the move) carries them.
        await tx.execute(sql`UPDATE orders SET carrier = ${tracking.carrier || null},
          tracking_number = ${tracking.trackingNumber || null} WHERE id = ${orderId} AND status = 'paid'`)
      }
      if (to === 'shipped') {
        const [lines] = await tx.execute<{ shipped: boolean }>(
          sql`SELECT bool_or(release_id IS NULL) AS shipped FROM order_items WHERE order_id_id = ${orderId}`,
        )
        if (lines?.shipped === false) throw conflict('An order of downloads only is not shipped.')
      }
      stockChanged = await moveOrder(tx, order, to)
    },
    req,
  )
  if (stockChanged) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return { id: orderId, status: to }
}

/** The failures a buyer may pay again: the payment itself was refused, nothing was taken. */
const DECLINES = ['payment declined', 'payment failed', 'payment denied']

/**
 * Lets the buyer pay a declined order again instead of placing a second one: a failed order whose
 * payment was declined goes back to pending with the next payment attempt, without its old
 * provider order (a new one is made for the new attempt). Any other order is left as it is.
 * Returns the order as it now is.
 */
export async function reopenDeclinedOrder(payload: Payload, orderId: string): Promise<OrderRow | null> {
  return withTransaction(payload, async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order || order.status !== 'failed') return order
    const [row] = await tx.execute<{ reason: string | null }>(
      sql`SELECT failure_reason AS reason FROM orders WHERE id = ${orderId}`,
    )
    if (!DECLINES.includes(row?.reason ?? '')) return order
    await tx.execute(sql`UPDATE orders SET status = 'pending', failure_reason = NULL, paypal_order_id = NULL,
        paypal_capture_id = NULL, payment_provider = NULL, payment_attempt = payment_attempt + 1, updated_at = now()
      WHERE id = ${orderId}`)
    return lockOrder(tx, orderId)
  })
}
