import { sql } from '@payloadcms/db-postgres'
import { type CollectionBeforeDeleteHook } from 'payload'

import { Refusal } from '@/platform/db/refusal'
import { query } from '@/platform/db/transaction'

export const SHOW_HAS_SALES_MESSAGE =
  'This show has merch-table sales or a counted-in box, which its settlement needs. Mark the show cancelled or hide it instead.'

/**
 * A show whose merch table sold anything, or whose box was counted in, keeps its record: deleting
 * it would lose the night's money, or the units taken from the shop's stock into its box.
 */
export const keepTableSales: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const rows = await query(
    req.payload,
    sql`SELECT 1 FROM till_sales WHERE show_id = ${String(id)}
      UNION ALL SELECT 1 FROM show_counts WHERE show_id = ${String(id)} LIMIT 1`,
    req,
  )
  if (rows.length > 0) throw new Refusal('conflict', SHOW_HAS_SALES_MESSAGE)
}
