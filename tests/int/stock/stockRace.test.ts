import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { freshPayload } from '../../helpers/payload'

/**
 * The web checkout and the merch table taking the same stock rows at the same time, in opposite
 * orders, through the services the routes use: nobody waits on a deadlock, stock never goes below
 * zero, and every unit that left the stock is one an order or a sale took.
 */

let payload: Payload
let orders: typeof import('@/modules/shop/server/orders')
let sales: typeof import('@/modules/merchTable/server/sales')
const tills: { id: string; showId: string; expiresAt: string; revokedAt: null }[] = []
let rows: { productId: string; optionId: string | null; label: string }[] = []

const run = <R>(q: ReturnType<typeof sql>) => payload.db.drizzle.execute(q).then((r) => r.rows as R[])

beforeAll(async () => {
  payload = await freshPayload()
  orders = await import('@/modules/shop/server/orders')
  sales = await import('@/modules/merchTable/server/sales')
  const product = (name: string) =>
    payload.create({
      collection: 'products',
      data: { name, price: 20, inventory: 100, isActive: true } as never,
      overrideAccess: true,
    })
  const poster = await product('Race Poster')
  const tee = await product('Race Tee')
  const sizes = []
  for (const value of ['M', 'L']) {
    sizes.push(
      await payload.create({
        collection: 'product-options',
        data: { productId: tee.id, name: 'Size', value, priceAdjustment: 0, inventory: 100, isActive: true } as never,
        overrideAccess: true,
      }),
    )
  }
  rows = [
    { productId: poster.id, optionId: null, label: 'poster' },
    { productId: tee.id, optionId: sizes[0]!.id, label: 'M' },
    { productId: tee.id, optionId: sizes[1]!.id, label: 'L' },
  ]
  for (let i = 0; i < 3; i++) {
    const show = await payload.create({
      collection: 'shows',
      data: { title: `Race Night ${i}`, venue: 'The Basement', date: '2026-12-07T12:00:00.000Z' } as never,
      overrideAccess: true,
    })
    const [till] = await run<{ id: string }>(sql`INSERT INTO tills (show_id, token_hash, expires_at)
      VALUES (${show.id}, ${crypto.randomBytes(32).toString('hex')}, now() + interval '1 day') RETURNING id`)
    tills.push({
      id: till!.id,
      showId: String(show.id),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      revokedAt: null,
    })
  }
})

async function stockOf(row: { productId: string; optionId: string | null }): Promise<number> {
  const [r] = row.optionId
    ? await run<{ inventory: number }>(sql`SELECT inventory FROM product_options WHERE id = ${row.optionId}`)
    : await run<{ inventory: number }>(sql`SELECT inventory FROM products WHERE id = ${row.productId}`)
  return Number(r!.inventory)
}

const setStock = (stock: number) =>
  Promise.all([
    run(sql`UPDATE products SET inventory = ${stock} WHERE id = ${rows[0]!.productId}`),
    run(sql`UPDATE product_options SET inventory = ${stock} WHERE id IN (${rows[1]!.optionId}, ${rows[2]!.optionId})`),
  ])

/** An order of one of each row, its lines in the given order of rows. */
const newOrder = (order: number[]) =>
  orders.createOrder(payload, {
    customerName: 'Sam Fan',
    customerEmail: 'sam@example.com',
    customerPhone: '555-000-1111',
    shippingAddress: { street: '9 Elm Street', city: 'Salem', state: 'OR', zipCode: '97301', country: 'US' },
    items: order.map((i) => ({
      productId: rows[i]!.productId,
      productOptionId: rows[i]!.optionId,
      quantity: 1,
      price: '20.00',
    })),
  })

/** A till sale of each row, its lines in the given order of rows. */
const tillSale = (n: number, order: number[]) =>
  sales.recordSale(tills[n % tills.length]!, {
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    payment: 'cash',
    items: order.map((i) => ({
      productId: rows[i]!.productId,
      productOptionId: rows[i]!.optionId,
      quantity: 1 + (n % 2),
      unitPrice: '20.00',
    })),
  })

const ORDERS = [
  [0, 1, 2],
  [2, 1, 0],
  [1, 0, 2],
  [2, 0, 1],
]

describe('the web checkout and the merch table at once', () => {
  it('taking the same rows in opposite orders never deadlocks and never sells below zero', async () => {
    for (let round = 0; round < 3; round++) {
      await setStock(100)
      const placed = await Promise.all(Array.from({ length: 12 }, (_, i) => newOrder(ORDERS[i % ORDERS.length]!)))
      const start = 10
      await setStock(start)
      // Web holds and till sales interleaved, each side with its lines in every order.
      const web = placed.map((o) => orders.holdStockForPayment(payload, o.id))
      const table = Array.from({ length: 12 }, (_, i) => tillSale(i, [...ORDERS[(i + 1) % ORDERS.length]!].reverse()))
      const [holds, rung] = await Promise.all([Promise.all(web), Promise.all(table)])

      const held = holds.filter((h) => h.ok).length
      expect(holds.every((h) => h.ok || h.soldOut)).toBe(true)
      for (const [i, row] of rows.entries()) {
        const stock = await stockOf(row)
        expect(stock, `stock of ${row.label}`).toBeGreaterThanOrEqual(0)
        const [{ taken }] = await run<{ taken: string }>(sql`SELECT coalesce(sum(l.taken), 0) AS taken
          FROM till_sale_lines l WHERE l.sale_id IN (${sql.join(
            rung.map((r) => sql`${r.sale.id}::uuid`),
            sql`, `,
          )}) AND l.product_id = ${row.productId} AND l.product_option_id IS NOT DISTINCT FROM ${row.optionId}`)
        // Every unit that left the stock went to a held order or a till line, once.
        expect(start - stock, `units of ${row.label} (row ${i})`).toBe(held + Number(taken))
      }
      // The table is never refused: what it did not get is flagged as oversold, only once stock ran out.
      const oversold = rung.flatMap((r) => r.sale.lines).reduce((n, l) => n + l.oversold, 0)
      if (oversold > 0) expect(await Promise.all(rows.map(stockOf))).toContain(0)
    }
  })
})
