import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Tx } from '@/platform/db/transaction'

import {
  OutOfStockError,
  planMoves,
  shareTaken,
  tableTakes,
  type PlannedRow,
  type StockMode,
  type StockMove,
} from './stockRules'

/**
 * Stock: the `inventory` column of a size (`product_options`) or of a product without sizes
 * (`products`), with its pre-order (`preorder_ships_on`, `preorder_cap`). Every take and give of
 * stock goes through `moveStock`, in the caller's transaction:
 * - the web checkout takes an order's stock all or nothing (`all-or-nothing`) when its payment is
 *   held or settled, never below the floor: 0, or on pre-order minus the cap (no cap: no limit),
 *   so pre-orders sell through the same conditional decrement;
 * - the merch table takes what there is (`up-to`): a sale, a count-in, a count-out taking back
 *   what it had given; it is never refused, and what it did not get is its own oversale. It
 *   never takes a stock below 0, so a unit the table took is never sold again on the web;
 * - stock comes back (`give-back`) when a held payment is released, an order fails or is
 *   refunded, or a sale is voided; the counts give back through `up-to` (gives, then takes).
 * The rows are locked in one order (`lockOrder` in ./stockRules.ts), here and nowhere else, so two
 * transactions moving the same rows never deadlock; a transaction calls `moveStock` once.
 *
 * What the database adds on every change of a stock column, whoever makes it (this function, the
 * dashboard, /cms):
 * - CHECK `products_inventory_not_negative` / `product_options_inventory_not_negative` (migration
 *   `20261125_174347_preorders`): stock never below the floor above;
 * - TRIGGER `products_low_stock` / `product_options_low_stock`, function `low_stock_crossing`
 *   (migration `20261125_050000_low_stock_alerts`): a fall from above the product's low-stock
 *   threshold to it or below records a row in `low_stock_alerts` (for a product or size that is
 *   on sale), a rise above it deletes the row; the job runner emails each row once (./lowStock.ts);
 * - TRIGGER `products_stock_back` / `product_options_stock_back`, function `stock_back`
 *   (migration `20261125_060000_back_in_stock`): a rise from 0 or below to above 0 marks the item's
 *   waiting rows in `stock_waits` due, a fall to 0 or below unmarks them; the job runner emails
 *   each waiting fan once (./backInStock.ts).
 */

/** The lowest a row's stock may go, in SQL; `stockFloor` in ./stockRules.ts is the same rule. */
const FLOOR = sql`CASE WHEN preorder_ships_on IS NULL THEN 0 ELSE -coalesce(preorder_cap, 2147483647) END`

/**
 * Moves stock: merges the moves per row, locks the rows in lock order and moves them by `mode`
 * (see `StockMode`). Answers what each move took. On the web, a short row throws OutOfStockError:
 * `tookNothing` when found short before anything was taken; otherwise the caller rolls back.
 */
export async function moveStock(tx: Tx, mode: StockMode, moves: StockMove[]): Promise<number[]> {
  const rows = planMoves(mode, moves)
  if (mode === 'all-or-nothing') {
    await takeAllOrNothing(tx, rows)
    return shareTaken(
      moves,
      rows,
      rows.map((r) => r.take),
    )
  }
  const taken: number[] = []
  for (const row of rows) {
    if (row.give > 0) await give(tx, row)
    taken.push(row.take > 0 ? await takeUpTo(tx, row) : 0)
  }
  return shareTaken(moves, rows, taken)
}

async function takeAllOrNothing(tx: Tx, rows: PlannedRow[]): Promise<void> {
  if (rows.length === 0) return
  // Stock already short is refused from a plain read, without queueing for the row's lock behind other buyers.
  const ids = sql.join(
    rows.map((r) => sql`${r.id}::uuid`),
    sql`, `,
  )
  const current = await tx.execute<{ id: string; room: string }>(sql`
    SELECT id, inventory - ${FLOOR} AS room FROM product_options WHERE id IN (${ids})
    UNION ALL
    SELECT id, inventory - ${FLOOR} AS room FROM products WHERE id IN (${ids})`)
  const room = new Map(current.map((r) => [r.id, Number(r.room)]))
  const short = rows.find((r) => (room.get(r.id) ?? 0) < r.take)
  if (short) throw new OutOfStockError(short.label, true)
  for (const row of rows) {
    const updated = await tx.execute(sql`UPDATE ${sql.identifier(row.table)}
      SET inventory = inventory - ${row.take}, updated_at = now()
      WHERE id = ${row.id} AND inventory - ${row.take} >= ${FLOOR} RETURNING id`)
    if (updated.length === 0) throw new OutOfStockError(row.label)
  }
}

/** Puts units back. A deleted row is skipped. */
async function give(tx: Tx, row: PlannedRow): Promise<void> {
  await tx.execute(sql`UPDATE ${sql.identifier(row.table)}
    SET inventory = inventory + ${row.give}, updated_at = now() WHERE id = ${row.id}`)
}

/** Takes up to `take` units of what is on hand (`tableTakes`); answers how many it took (0 for a deleted row). */
async function takeUpTo(tx: Tx, row: PlannedRow): Promise<number> {
  const table = sql.identifier(row.table)
  const rows = await tx.execute<{ before: string }>(sql`
    WITH prev AS (SELECT id, inventory FROM ${table} WHERE id = ${row.id} FOR UPDATE)
    UPDATE ${table} p SET inventory = p.inventory - LEAST(GREATEST(p.inventory, 0), ${row.take}), updated_at = now()
    FROM prev WHERE p.id = prev.id RETURNING prev.inventory AS before`)
  return rows[0] ? tableTakes(Number(rows[0].before), row.take) : 0
}
