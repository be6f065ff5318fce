import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'

import { notFound } from '@/platform/errors'
import { moveStock, OutOfStockError } from '@/modules/stock'
import { revalidatePublic } from '@/platform/cache/revalidate'
import { withTransaction } from '@/platform/db/transaction'

import { releaseDiscountUse, takeDiscountUse } from './discountUse'
import { moveOrder, settlePayment } from './settle'
import { findOrder, gives, lockOrder, lockOrderWithLines, stockLines, takes, type OrderRow } from './store'

export type StockHold =
  { ok: true; order: OrderRow } | { ok: false; order: OrderRow; soldOut?: string; discountRefused?: string }

/**
 * Takes the order's stock before its payment is captured, in one short transaction. An order that
 * is no longer pending is returned as it is (a second capture finds it paid or failed); an order
 * whose stock is short becomes failed with the reason "out of stock" (in the same transaction when
 * nothing was taken yet), and its payment must not be captured. Its discount code's use is taken
 * in the same transaction; a code that ran out (or was used by the same email meanwhile) fails the
 * order the same way, before any payment; a use taken for an order that then fails for stock goes
 * back with it, so a code's `uses` counts paid orders only.
 */
export async function holdStockForPayment(payload: Payload, orderId: string): Promise<StockHold> {
  let hold: StockHold
  try {
    hold = await withTransaction(payload, async (tx): Promise<StockHold> => {
      const locked = await lockOrderWithLines(tx, orderId)
      if (!locked) throw notFound('Order not found')
      const { order, lines } = locked
      if (order.status !== 'pending') return { ok: false, order }
      if (order.stockTaken) return { ok: true, order }
      const discountRefused = await takeDiscountUse(tx, order)
      if (discountRefused) {
        await moveOrder(tx, order, 'failed', { reason: 'discount code not available' })
        return { ok: false, order: { ...order, status: 'failed' }, discountRefused }
      }
      try {
        await moveStock(tx, 'all-or-nothing', takes(lines))
      } catch (error) {
        if (!(error instanceof OutOfStockError && error.tookNothing)) throw error
        // The code's use taken above goes back with it: `uses` counts paid orders only.
        if (order.discountCodeId) await releaseDiscountUse(tx, order.id)
        await moveOrder(tx, order, 'failed', { reason: 'out of stock' })
        return { ok: false, order: { ...order, status: 'failed' }, soldOut: error.label }
      }
      await tx.execute(sql`UPDATE orders SET stock_taken = true, updated_at = now() WHERE id = ${orderId}`)
      return { ok: true, order: { ...order, stockTaken: true } }
    })
  } catch (error) {
    // Another buyer took the last units between the stock read and the update: the transaction
    // gave back what it had taken, and the order fails on its own.
    if (!(error instanceof OutOfStockError)) throw error
    const status = await settlePayment(payload, orderId, { kind: 'failed', reason: 'out of stock' })
    const order = (await findOrder(payload, orderId))!
    return { ok: false, order: { ...order, status }, soldOut: error.label }
  }
  if (hold.ok) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return hold
}

/** Gives back stock held for a payment that was certainly not taken (e.g. not yet approved). */
export async function releaseHeldStock(payload: Payload, orderId: string): Promise<void> {
  await withTransaction(payload, async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order || order.status !== 'pending' || !order.stockTaken) return
    await moveStock(tx, 'give-back', gives(await stockLines(tx, orderId)))
    await releaseDiscountUse(tx, orderId)
    await tx.execute(sql`UPDATE orders SET stock_taken = false, updated_at = now() WHERE id = ${orderId}`)
  })
  await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
}
