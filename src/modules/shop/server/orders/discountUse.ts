import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Tx } from '@/platform/db/transaction'

/**
 * A discount code's use is taken with the order's stock, just before its payment is captured, and
 * given back with it when the payment fails or is refunded, so `uses` counts paid orders. The
 * code's row is locked and its count raised only while it is under its limit, so a code with N
 * uses left is used exactly N times however many buyers race for it.
 * Returns why the order cannot have its discount, or null once the use is taken.
 */
export async function takeDiscountUse(
  tx: Tx,
  { id: orderId, discountCodeId }: { id: string; discountCodeId: string | null },
): Promise<string | null> {
  // An order without a code (most of them) has nothing to take: no query.
  if (!discountCodeId) return null
  // The order's row is locked by the capture, so its code stays the one read with it.
  const [code] = await tx.execute<{ once_per_email: boolean; code: string | null; email: string }>(
    sql`SELECT c.once_per_email, o.discount_code_text AS code, o.customer_email AS email
      FROM orders o JOIN discount_codes c ON c.id = ${discountCodeId}
      WHERE o.id = ${orderId} FOR UPDATE OF c`,
  )
  if (!code) return null
  if (code.once_per_email && (await usedByEmail(tx, discountCodeId, code.email, orderId))) {
    return `The discount code ${code.code} was already used with this email address. You have not been charged; place the order again without it.`
  }
  const taken = await tx.execute(
    sql`UPDATE discount_codes SET uses = uses + 1, updated_at = now()
      WHERE id = ${discountCodeId} AND (max_uses IS NULL OR uses < max_uses) RETURNING id`,
  )
  if (taken.length === 0) {
    return `Sorry, the discount code ${code.code} ran out before your payment went through. You have not been charged; place the order again without it to pay the full price.`
  }
  return null
}

/** Counts a use without a limit: for an order paid without passing the capture (e.g. a webhook alone). */
export async function forceDiscountUse(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`UPDATE discount_codes SET uses = uses + 1, updated_at = now()
    WHERE id = (SELECT discount_code_id FROM orders WHERE id = ${orderId})`)
}

/** Gives back the use an order took (its payment failed or was refunded). */
export async function releaseDiscountUse(tx: Tx, orderId: string): Promise<void> {
  await tx.execute(sql`UPDATE discount_codes SET uses = GREATEST(uses - 1, 0), updated_at = now()
    WHERE id = (SELECT discount_code_id FROM orders WHERE id = ${orderId})`)
}

/** Whether another order holding or having paid with this code used the same email address. */
export async function usedByEmail(
  tx: Pick<Tx, 'execute'>,
  codeId: string,
  email: string,
  exceptOrderId?: string,
): Promise<boolean> {
  const rows = await tx.execute(sql`SELECT 1 FROM orders
    WHERE discount_code_id = ${codeId} AND lower(customer_email) = lower(${email})
      AND (status IN ('paid', 'shipped', 'completed') OR (status = 'pending' AND stock_taken))
      ${exceptOrderId ? sql`AND id <> ${exceptOrderId}` : sql``}
    LIMIT 1`)
  return rows.length > 0
}
