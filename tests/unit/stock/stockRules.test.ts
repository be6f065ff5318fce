import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { publicStock, sellableUnits } from '@/modules/stock/contract/preorder'
import {
  lockOrder,
  OutOfStockError,
  planMoves,
  rowOf,
  shareTaken,
  stockFloor,
  tableTakes,
  type StockMove,
} from '@/modules/stock/server/stockRules'

/** The pure rules every take and give of stock follows (src/modules/stock/server/stockRules.ts). */

const ids = ['0a', '1b', '2c', '3d', '4e'].map((s) => `${s}000000-0000-4000-8000-000000000000`)
const item = fc.oneof(
  fc.record({ productId: fc.constantFrom(...ids), optionId: fc.constant(null) }),
  fc.record({ productId: fc.constantFrom(...ids), optionId: fc.constantFrom(...ids) }),
)
const qty = fc.nat({ max: 20 })
const upToMove = fc.record({ item, give: qty, take: qty }).map(({ item, ...m }): StockMove => ({ ...item, ...m }))
const movesAndShuffled = fc
  .array(upToMove, { maxLength: 12 })
  .chain((moves) => fc.tuple(fc.constant(moves), fc.shuffledSubarray(moves, { minLength: moves.length })))
const webMove = fc
  .record({ item, take: qty, label: fc.constantFrom('Tee (M)', 'Poster', 'Cap') })
  .map(({ item, ...m }): StockMove => ({ ...item, ...m }))

const rowKey = (m: StockMove) => {
  const row = rowOf(m)!
  return `${row.table}:${row.id}`
}

describe('the order stock rows are locked in', () => {
  it('is one order whatever order the moves come in: sizes before products, then by id, each row once', () => {
    fc.assert(
      fc.property(movesAndShuffled, ([moves, shuffled]) => {
        const plan = planMoves('up-to', moves)
        const again = planMoves('up-to', shuffled)
        expect(again.map((r) => `${r.table}:${r.id}`)).toEqual(plan.map((r) => `${r.table}:${r.id}`))
        for (let i = 1; i < plan.length; i++) expect(lockOrder(plan[i - 1]!, plan[i]!)).toBeLessThan(0)
        const firstProduct = plan.findIndex((r) => r.table === 'products')
        if (firstProduct >= 0) expect(plan.slice(firstProduct).every((r) => r.table === 'products')).toBe(true)
      }),
    )
  })

  it('merges the moves per row: each row gets back and loses the sum of its moves, and rows with nothing to move are left out', () => {
    fc.assert(
      fc.property(fc.array(upToMove, { maxLength: 12 }), (moves) => {
        const plan = planMoves('up-to', moves)
        const sums = new Map<string, { give: number; take: number }>()
        for (const m of moves) {
          const s = sums.get(rowKey(m)) ?? { give: 0, take: 0 }
          sums.set(rowKey(m), { give: s.give + (m.give ?? 0), take: s.take + (m.take ?? 0) })
        }
        const expected = [...sums.entries()].filter(([, s]) => s.give > 0 || s.take > 0)
        expect(plan).toHaveLength(expected.length)
        for (const row of plan) {
          expect({ give: row.give, take: row.take }).toEqual(sums.get(`${row.table}:${row.id}`))
          for (const index of row.moves) expect(rowKey(moves[index]!)).toBe(`${row.table}:${row.id}`)
        }
      }),
    )
  })

  it("an item's stock is its size's when it has one, else the product's; a deleted item has none", () => {
    expect(rowOf({ productId: ids[0]!, optionId: ids[1]! })).toEqual({ table: 'product_options', id: ids[1] })
    expect(rowOf({ productId: ids[0]!, optionId: null })).toEqual({ table: 'products', id: ids[0] })
    expect(rowOf({ productId: null, optionId: null })).toBeNull()
  })
})

describe('what each mode allows', () => {
  it('the web checkout only takes, and an item that was deleted is out of stock before anything is taken', () => {
    expect(() => planMoves('all-or-nothing', [{ productId: ids[0]!, optionId: null, give: 1 }])).toThrow(RangeError)
    const deleted = () =>
      planMoves('all-or-nothing', [
        { productId: ids[0]!, optionId: null, take: 1, label: 'Poster' },
        { productId: null, optionId: null, take: 1, label: 'Tour Tee (L)' },
      ])
    expect(deleted).toThrow(new OutOfStockError('Tour Tee (L)', true))
    expect(deleted).toThrow('Tour Tee (L) is out of stock')
  })

  it('giving back takes nothing and skips deleted items; a move is a whole number of 0 or more', () => {
    expect(() => planMoves('give-back', [{ productId: ids[0]!, optionId: null, take: 1 }])).toThrow(RangeError)
    expect(planMoves('give-back', [{ productId: null, optionId: null, give: 2 }])).toEqual([])
    expect(() => planMoves('up-to', [{ productId: ids[0]!, optionId: null, take: -1 }])).toThrow(RangeError)
    expect(() => planMoves('up-to', [{ productId: ids[0]!, optionId: null, give: 1.5 }])).toThrow(RangeError)
  })

  it('on the web, a row short of units is named by its first line', () => {
    fc.assert(
      fc.property(fc.array(webMove, { minLength: 1, maxLength: 8 }), (moves) => {
        for (const row of planMoves('all-or-nothing', moves)) expect(row.label).toBe(moves[row.moves[0]!]!.label)
      }),
    )
  })
})

describe('what the merch table takes', () => {
  it('takes what it asked for, at most the units on hand, and nothing from a stock owed to pre-orders', () => {
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), qty, (inventory, quantity) => {
        const taken = tableTakes(inventory, quantity)
        expect(taken).toBeGreaterThanOrEqual(0)
        expect(taken).toBeLessThanOrEqual(quantity)
        if (inventory - taken < 0) expect(taken).toBe(0)
        expect(taken === quantity || inventory - taken <= 0).toBe(true)
      }),
    )
  })

  it('several lines of one row merged take exactly what they would one after the other', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10, max: 30 }), fc.array(qty, { minLength: 1, maxLength: 6 }), (stock, qs) => {
        const moves: StockMove[] = qs.map((take) => ({ productId: ids[0]!, optionId: null, take }))
        const rows = planMoves('up-to', moves)
        const shares = shareTaken(
          moves,
          rows,
          rows.map((r) => tableTakes(stock, r.take)),
        )
        let left = stock
        const oneByOne = qs.map((q) => {
          const taken = tableTakes(left, q)
          left -= taken
          return taken
        })
        expect(shares).toEqual(oneByOne)
      }),
    )
  })
})

describe('the floor: the lowest a stock may go', () => {
  it('is 0 off pre-order, minus the cap on pre-order, and no limit without a cap', () => {
    expect(stockFloor(null, 5)).toBe(0)
    expect(stockFloor('2027-03-06', 5)).toBe(-5)
    expect(stockFloor('2027-03-06', 0)).toBe(0)
    expect(stockFloor('2027-03-06', null)).toBe(Number.NEGATIVE_INFINITY)
  })

  it('what the shop shows as sellable is exactly the room above the floor', () => {
    fc.assert(
      fc.property(
        fc.option(fc.constant('2027-03-06'), { nil: null }),
        fc.option(fc.nat({ max: 100 }), { nil: null }),
        fc.integer({ min: -100, max: 100 }),
        (shipsOn, cap, wanted) => {
          const floor = stockFloor(shipsOn, cap)
          const inventory = Math.max(wanted, Number.isFinite(floor) ? floor : wanted)
          const sellable = sellableUnits(inventory, publicStock(inventory, shipsOn, cap).preorder)
          expect(sellable).toBe(inventory - floor)
        },
      ),
    )
  })
})
