import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Tx } from '@/platform/db/transaction'

/** The show's box: what was counted into it, what the till sold from it, and the lock its sales and counts take. */

/** Units sold from the box so far (voided sales excluded), per item, for the show. */
export async function boxSold(tx: Pick<Tx, 'execute'>, showId: string): Promise<Map<string, number>> {
  const rows = await tx.execute<{ item: string; sold: string }>(sql`
    SELECT coalesce(l.product_option_id, l.product_id) AS item, sum(l.quantity) AS sold
    FROM till_sale_lines l JOIN till_sales s ON s.id = l.sale_id
    WHERE s.show_id = ${showId} AND s.voided_at IS NULL AND l.source = 'box'
    GROUP BY 1`)
  return new Map(rows.map((r) => [r.item, Number(r.sold)]))
}

/** What was counted into the show's box, per item. */
export async function boxCountedIn(tx: Pick<Tx, 'execute'>, showId: string): Promise<Map<string, number>> {
  const rows = await tx.execute<{ item_id: string; quantity: number }>(
    sql`SELECT item_id, quantity FROM show_counts WHERE show_id = ${showId} AND kind = 'in'`,
  )
  return new Map(rows.map((r) => [r.item_id, Number(r.quantity)]))
}

/** The show's merch row, created when missing and locked: sales and counts of one show go one at a time. */
export async function lockShowMerch(tx: Tx, showId: string) {
  await tx.execute(sql`INSERT INTO show_merch (show_id) VALUES (${showId}) ON CONFLICT (show_id) DO NOTHING`)
  const rows = await tx.execute<{ counted_in_at: Date | null; counted_out_at: Date | null }>(
    sql`SELECT counted_in_at, counted_out_at FROM show_merch WHERE show_id = ${showId} FOR UPDATE`,
  )
  return rows[0]!
}
