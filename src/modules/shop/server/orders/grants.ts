import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { grantReleases } from '@/modules/music'
import type { Tx } from '@/platform/db/transaction'

import type { OrderDownloads } from '../downloadEmail'

/**
 * Gives the buyer of a paid order its releases (its release lines and the releases its products
 * include), in one grant each, in the order's transaction, and answers what its
 * confirmation says of them: the download link (with what of each pre-order it gives now), or
 * (nothing to download yet) the day the last one comes out. Null for an order without releases.
 */
export async function grantOrderReleases(tx: Tx, orderId: string): Promise<OrderDownloads | null> {
  // Its release lines, and the releases its products include (the vinyl with its download).
  const rows = await tx.execute<{ email: string; release_id: string; release_date: string | null }>(
    sql`SELECT o.customer_email AS email, l.release_id, r.release_date
      FROM (
        SELECT i.order_id_id, i.release_id FROM order_items i
          WHERE i.order_id_id = ${orderId} AND i.release_id IS NOT NULL
        UNION
        SELECT i.order_id_id, p.includes_release_id FROM order_items i JOIN products p ON p.id = i.product_id_id
          WHERE i.order_id_id = ${orderId} AND p.includes_release_id IS NOT NULL
      ) l
      JOIN orders o ON o.id = l.order_id_id LEFT JOIN releases r ON r.id = l.release_id`,
  )
  if (rows.length === 0) return null
  const { downloadUrl, preOrders } = await grantReleases(tx.req.payload, {
    email: rows[0]!.email,
    releaseIds: [...new Set(rows.map((r) => r.release_id))],
    source: { orderId },
    req: tx.req,
  })
  const days = rows.map((r) => r.release_date ?? '').sort()
  return { url: downloadUrl, arrivesOn: downloadUrl ? null : (days.at(-1) ?? null) || null, preOrders }
}
