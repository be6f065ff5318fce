import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Tx } from '@/platform/db/transaction'

/** What one order line takes from stock: the option's stock when an option was chosen, else the product's. */
export type StockLine = { productId: string | null; optionId: string | null; quantity: number; label: string }

type Bucket = { table: 'product_options' | 'products'; id: string; quantity: number; label: string }

/** Lines grouped per stock row, in a fixed order so concurrent buyers lock rows alike (no deadlocks). */
function buckets(lines: StockLine[]): Bucket[] | null {
  const byKey = new Map<string, Bucket>()
  for (const line of lines) {
    const table = line.optionId ? 'product_options' : 'products'
    const id = line.optionId ?? line.productId
    if (!id) return null
    const key = `${table}:${id}`
    const bucket = byKey.get(key)
    if (bucket) bucket.quantity += line.quantity
    else byKey.set(key, { table, id, quantity: line.quantity, label: line.label })
  }
  return [...byKey.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, b]) => b)
}

export class OutOfStockError extends Error {
  /** `tookNothing`: found short before any stock was taken, so nothing needs rolling back. */
  constructor(
    readonly label: string,
    readonly tookNothing = false,
  ) {
    super(`${label} is out of stock`)
  }
}

/**
 * The lowest a row's stock may go: 0, or on pre-order minus its cap (without a cap, no limit).
 * The same rule as the CHECK constraints on the stock columns.
 */
const FLOOR = sql`CASE WHEN preorder_ships_on IS NULL THEN 0 ELSE -coalesce(preorder_cap, 2147483647) END`

/**
 * Takes the lines' stock with conditional decrements, so stock can never go below its floor (0,
 * or minus the pre-order cap) however many buyers pay at once. Throws OutOfStockError on the
 * first short line: the caller rolls the transaction back, which returns whatever this call
 * already took.
 */
export async function reserveStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const rows = buckets(lines)
  if (!rows) throw new OutOfStockError(lines.find((l) => !(l.optionId ?? l.productId))?.label ?? 'An item', true)
  // Stock already short is refused from a plain read, without queueing for the row's lock behind other buyers.
  const ids = sql.join(
    rows.map((b) => sql`${b.id}::uuid`),
    sql`, `,
  )
  const current = await tx.execute<{ id: string; room: string }>(sql`
    SELECT id, inventory - ${FLOOR} AS room FROM product_options WHERE id IN (${ids})
    UNION ALL
    SELECT id, inventory - ${FLOOR} AS room FROM products WHERE id IN (${ids})`)
  const room = new Map(current.map((r) => [r.id, Number(r.room)]))
  const short = rows.find((b) => (room.get(b.id) ?? 0) < b.quantity)
  if (short) throw new OutOfStockError(short.label, true)
  for (const b of rows) {
    const updated =
      b.table === 'product_options'
        ? await tx.execute(sql`UPDATE product_options SET inventory = inventory - ${b.quantity}, updated_at = now()
            WHERE id = ${b.id} AND inventory - ${b.quantity} >= ${FLOOR} RETURNING id`)
        : await tx.execute(sql`UPDATE products SET inventory = inventory - ${b.quantity}, updated_at = now()
            WHERE id = ${b.id} AND inventory - ${b.quantity} >= ${FLOOR} RETURNING id`)
    if (updated.length === 0) throw new OutOfStockError(b.label)
  }
}

/** Puts the lines' stock back (a declined or failed payment, a refund). Deleted products are skipped. */
export async function releaseStock(tx: Tx, lines: StockLine[]): Promise<void> {
  const rows = buckets(lines.filter((l) => l.optionId ?? l.productId))
  for (const b of rows ?? []) {
    if (b.table === 'product_options') {
      await tx.execute(
        sql`UPDATE product_options SET inventory = inventory + ${b.quantity}, updated_at = now() WHERE id = ${b.id}`,
      )
    } else {
      await tx.execute(
        sql`UPDATE products SET inventory = inventory + ${b.quantity}, updated_at = now() WHERE id = ${b.id}`,
      )
    }
  }
}
