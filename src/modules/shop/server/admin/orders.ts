import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { User } from '@/payload-types'

import { conflict, notFound } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { withTransaction } from '@/platform/db/transaction'

/**
 * Deletes an order and its items, only when it never took money: failed, or pending with no
 * capture under way. The order row stays locked meanwhile, so a capture cannot start in between.
 */
export async function deleteOrder(user: User, id: string) {
  const payload = await payloadClient()
  await withTransaction(payload, async (tx) => {
    const [order] = await tx.execute<{ status: string; paypal_capture_id: string | null; stock_taken: boolean }>(
      sql`SELECT status, paypal_capture_id, stock_taken FROM orders WHERE id = ${id} FOR UPDATE`,
    )
    if (!order) throw notFound('Order not found')
    if (order.status === 'pending' && (order.paypal_capture_id || order.stock_taken)) {
      throw conflict("This order's payment is still being processed, so it cannot be deleted.")
    }
    if (order.status !== 'pending' && order.status !== 'failed') {
      throw conflict(`This order is ${order.status}: it took a payment, so it cannot be deleted. Refund it instead.`)
    }
    await payload.delete({
      collection: 'order-items',
      where: { orderId: { equals: id } },
      overrideAccess: false,
      user,
      req: tx.req,
    })
    await payload.delete({ collection: 'orders', id, overrideAccess: false, user, req: tx.req })
  })
}
