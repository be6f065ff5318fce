import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { grantReleases, releasesForSale, sendDownloadLinkEmail } from '@/modules/music'
import { invalid, notFound } from '@/platform/errors'
import { withTransaction } from '@/platform/db/transaction'

/** Free downloads of one release mailed to one address in 24 hours, at most: nobody floods a stranger's inbox. */
export const FREE_CLAIMS_PER_ADDRESS_PER_DAY = 3

/**
 * A free release (fixed at 0.00, or name-your-price with a 0.00 minimum) claimed for an address:
 * in one transaction, a paid order of 0.00 (no payment, nothing shipped, the release its one
 * line) records it, its grant gives the address the release, and the plain download email is
 * queued with the link (a release still to come is mailed by the release-day job instead). An
 * inactive or unknown release is a 404, one that costs money a 400; an address that already
 * claimed this release FREE_CLAIMS_PER_ADDRESS_PER_DAY times in 24 hours gets nothing more, with
 * the same answer.
 */
export async function claimFreeRelease(payload: Payload, releaseId: string, email: string): Promise<void> {
  const release = (await releasesForSale(payload, [releaseId])).get(releaseId)
  if (!release || !release.isActive) throw notFound('Release not found')
  const free = release.pricingMode === 'fixed' ? release.priceCents === 0 : release.minimumCents === 0
  if (!free) throw invalid('This release is not free: buy it through the cart.')
  await withTransaction(payload, async (tx) => {
    // One claim of an address at a time, so the count below cannot be overtaken.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`free-claim:${email}`}))`)
    const [recent] = await tx.execute<{ claims: number }>(sql`SELECT count(*)::int AS claims
      FROM orders o JOIN order_items i ON i.order_id_id = o.id
      WHERE o.customer_email = ${email} AND o.payment_provider IS NULL AND o.total_amount = 0
        AND i.release_id = ${releaseId} AND o.created_at > now() - interval '1 day'`)
    if ((recent?.claims ?? 0) >= FREE_CLAIMS_PER_ADDRESS_PER_DAY) return
    const [order] = await tx.execute<{ id: string }>(sql`WITH new_order AS (
        INSERT INTO orders (customer_email, subtotal_amount, shipping_amount, total_amount, discount_amount, tax_amount,
          tax_lines, prices_include_tax, status, stock_taken, paid_at)
        VALUES (${email}, 0, 0, 0, 0, 0, '[]'::jsonb, false, 'paid', true, now())
        RETURNING id, created_at
      )
      INSERT INTO order_items (order_id_id, quantity, price, product_name, price_adjustment, release_id, created_at, updated_at)
      SELECT new_order.id, 1, 0, ${release.title}, 0, ${releaseId}::uuid, new_order.created_at, new_order.created_at FROM new_order
      RETURNING order_id_id AS id`)
    const { downloadUrl, preOrders } = await grantReleases(payload, {
      email,
      releaseIds: [releaseId],
      source: { orderId: order!.id },
      req: tx.req,
    })
    if (downloadUrl) await sendDownloadLinkEmail(payload, email, downloadUrl, tx.req, preOrders)
  })
}
