import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { grantReleases } from '@/modules/music'
import type { Tx } from '@/platform/db/transaction'

import type { OrderDownloads } from '../emails'

/**
 * Gives the buyer of an order being paid the releases it includes, in the order's transaction:
 * those of its products that include a release (say the vinyl with its download), one grant per
 * release however many such products. Answers the download link (null while every one waits for
 * its release day) and each release with the day it waits for; null when the order includes none.
 */
export async function grantOrderReleases(tx: Tx, orderId: string): Promise<OrderDownloads | null> {
  const included = await tx.execute<{ id: string; email: string }>(
    sql`SELECT DISTINCT p.includes_release_id AS id, o.customer_email AS email
        FROM orders o
        JOIN order_items i ON i.order_id_id = o.id
        JOIN products p ON p.id = i.product_id_id
        WHERE o.id = ${orderId} AND p.includes_release_id IS NOT NULL`,
  )
  if (included.length === 0) return null
  const { downloadUrl } = await grantReleases(tx.req.payload, {
    email: included[0]!.email,
    releaseIds: included.map((r) => r.id),
    source: { orderId },
    req: tx.req,
  })
  const releases = await tx.execute<{ title: string; availableOn: string | null }>(
    sql`SELECT r.title, g.available_on::text AS "availableOn"
        FROM download_grants g JOIN releases r ON r.id = g.release_id
        WHERE g.order_id = ${orderId} ORDER BY r.title`,
  )
  return { downloadUrl, releases }
}
