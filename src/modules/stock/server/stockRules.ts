/**
 * The pure rules of moving stock, without the database: which row an item's stock lives on, the
 * one order rows are locked in, how a set of moves is merged per row, how a row's taken units are
 * shared among the moves that asked for them, and the lowest a row's stock may go.
 * `moveStock` (./moveStock.ts) applies them.
 */

/** An item whose stock moves: its size's stock when it has one, else the product's (both null: deleted). */
export type StockItem = { productId: string | null; optionId: string | null }

/** What one order line moves: its size's stock when a size was chosen, else the product's. */
export type StockLine = StockItem & { quantity: number; label: string }

export type StockTable = 'product_options' | 'products'
export type StockRow = { table: StockTable; id: string }

/**
 * How `moveStock` takes:
 * - `all-or-nothing` (the web checkout): every take whole, never below the row's floor, or
 *   OutOfStockError; gives are not allowed;
 * - `up-to` (the merch table, its counts): each row first gets its gives back, then gives up to
 *   its takes from the units on hand (a stock below 0, owed to pre-order buyers, stays as it is);
 * - `give-back` (releases, refunds, voids): gives only; deleted items are skipped.
 */
export type StockMode = 'all-or-nothing' | 'up-to' | 'give-back'

/** One move: `give` units back to the item's row, then `take` units from it. `label` names it in errors. */
export type StockMove = StockItem & { give?: number; take?: number; label?: string }

/** One row's moves merged: what it gets back, what is taken, and which moves (by index) asked. */
export type PlannedRow = StockRow & { give: number; take: number; label: string; moves: number[] }

export class OutOfStockError extends Error {
  /** `tookNothing`: found short before any stock was taken, so nothing needs rolling back. */
  constructor(
    readonly label: string,
    readonly tookNothing = false,
  ) {
    super(`${label} is out of stock`)
  }
}

/** The row an item's stock lives on, or null for an item whose product was deleted. */
export function rowOf(item: StockItem): StockRow | null {
  if (item.optionId) return { table: 'product_options', id: item.optionId }
  return item.productId ? { table: 'products', id: item.productId } : null
}

/**
 * The one order every transaction locks stock rows in (sizes before products, then by id), so two
 * transactions taking the same rows never wait for each other in a cycle.
 */
export function lockOrder(a: StockRow, b: StockRow): number {
  if (a.table !== b.table) return a.table === 'product_options' ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

function units(value: number | undefined): number {
  const n = value ?? 0
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`A stock move is a whole number of 0 or more, not ${n}.`)
  return n
}

/**
 * Merges the moves per row and sorts the rows in lock order; rows with nothing to move are left
 * out. A move whose item was deleted is skipped, except on the web, where it is out of stock.
 */
export function planMoves(mode: StockMode, moves: StockMove[]): PlannedRow[] {
  const byRow = new Map<string, PlannedRow>()
  moves.forEach((move, index) => {
    const give = units(move.give)
    const take = units(move.take)
    if (mode === 'all-or-nothing' && give > 0) throw new RangeError('The web checkout only takes stock.')
    if (mode === 'give-back' && take > 0) throw new RangeError('Giving stock back takes none.')
    const row = rowOf(move)
    if (!row) {
      if (mode === 'all-or-nothing') throw new OutOfStockError(move.label ?? 'An item', true)
      return
    }
    const key = `${row.table}:${row.id}`
    const planned = byRow.get(key)
    if (planned) {
      planned.give += give
      planned.take += take
      planned.moves.push(index)
    } else byRow.set(key, { ...row, give, take, label: move.label ?? 'An item', moves: [index] })
  })
  return [...byRow.values()].filter((r) => r.give > 0 || r.take > 0).sort(lockOrder)
}

/**
 * What each move took, given what each planned row took: a row's units go to its moves in the
 * order they were asked for, each up to its own take (so several lines of one item take as if one
 * after the other).
 */
export function shareTaken(moves: StockMove[], rows: PlannedRow[], taken: number[]): number[] {
  const result = moves.map(() => 0)
  rows.forEach((row, i) => {
    let left = taken[i] ?? 0
    for (const index of row.moves) {
      const share = Math.min(left, moves[index]!.take ?? 0)
      result[index] = share
      left -= share
    }
  })
  return result
}

/**
 * The lowest a row's stock may go: 0, or on pre-order minus its cap (without a cap, no limit).
 * The same rule as `FLOOR` in ./moveStock.ts and the CHECK constraints on the stock columns.
 */
export function stockFloor(preorderShipsOn: string | null | undefined, preorderCap: number | null | undefined): number {
  if (!preorderShipsOn) return 0
  return preorderCap === null || preorderCap === undefined ? Number.NEGATIVE_INFINITY : 0 - preorderCap
}

/** How many units the merch table takes from a row: what it asked for, at most what is on hand. */
export const tableTakes = (inventory: number, quantity: number) => Math.min(quantity, Math.max(0, inventory))
