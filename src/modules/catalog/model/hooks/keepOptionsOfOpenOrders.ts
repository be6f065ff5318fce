import { sql } from '@payloadcms/db-postgres'
import { type CollectionBeforeDeleteHook } from 'payload'

import { Refusal } from '@/platform/db/refusal'

export const OPTION_IN_ORDERS = 'Orders refer to this option, so it cannot be deleted. Deactivate it instead.'

/**
 * An option that orders whose stock can still move (pending, paid, shipped) refer to cannot be
 * deleted: their stock would then be counted against the product.
 */
export const keepOptionsOfOpenOrders: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const result = await req.payload.db.drizzle
    .execute(sql`SELECT 1 FROM order_items i JOIN orders o ON o.id = i.order_id_id
    WHERE i.product_option_id_id = ${String(id)} AND o.status IN ('pending', 'paid', 'shipped') LIMIT 1`)
  if (result.rows.length > 0) throw new Refusal('conflict', OPTION_IN_ORDERS)
}
