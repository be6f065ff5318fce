// A server of its own, without the demo content (SEED_DEMO=false): the summary counts every order and product on the site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Db } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { startServer, type TestServer } from '../../helpers/server'
import { OWNER_ENV, signIn } from '../../helpers/site'

/** GET /api/admin/orders/summary, checked against the same orders counted here by hand. */

let server: TestServer
let db: Db
let owner: Client

type Line = { product: string; option?: string; quantity: number; price: number }
type Fixture = { status: string; daysAgo: number; paidDaysAgo?: number; lines: Line[] }

const DAY = 24 * 60 * 60 * 1000
const utcDate = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10)

const ORDERS: Fixture[] = [
  {
    status: 'paid',
    daysAgo: 0,
    paidDaysAgo: 0,
    lines: [
      { product: 'Tour Tee', option: 'S', quantity: 2, price: 25 },
      { product: 'Vinyl', quantity: 1, price: 30 },
    ],
  },
  { status: 'shipped', daysAgo: 3, paidDaysAgo: 3, lines: [{ product: 'Vinyl', quantity: 3, price: 30 }] },
  { status: 'completed', daysAgo: 29, paidDaysAgo: 29, lines: [{ product: 'Poster', quantity: 1, price: 10 }] },
  {
    status: 'completed',
    daysAgo: 31,
    paidDaysAgo: 31,
    lines: [{ product: 'Tour Tee', option: 'M', quantity: 5, price: 25 }],
  },
  // Ordered long ago, paid today: counts today.
  {
    status: 'paid',
    daysAgo: 40,
    paidDaysAgo: 0,
    lines: [
      { product: 'Poster', quantity: 2, price: 10 },
      { product: 'Tour Tee', option: 'M', quantity: 1, price: 25 },
    ],
  },
  // Paid before payment times were kept: counts on the day it was ordered.
  { status: 'completed', daysAgo: 12, lines: [{ product: 'Sticker', quantity: 6, price: 2 }] },
  { status: 'failed', daysAgo: 0, lines: [{ product: 'Vinyl', quantity: 10, price: 30 }] },
  { status: 'pending', daysAgo: 1, lines: [{ product: 'Poster', quantity: 4, price: 10 }] },
  {
    status: 'refunded',
    daysAgo: 2,
    paidDaysAgo: 2,
    lines: [{ product: 'Tour Tee', option: 'S', quantity: 7, price: 25 }],
  },
]

const PAID = new Set(['paid', 'shipped', 'completed'])
/** Sales at a show's merch table: cents, days ago, voided. */
const TABLE_SALES: [number, number, boolean][] = [
  [2500, 0, false],
  [9900, 0, true],
  [4000, 3, false],
]
const subtotal = (o: Fixture) => o.lines.reduce((sum, l) => sum + l.quantity * l.price, 0)
const total = (o: Fixture) => subtotal(o) + 5
const paidDay = (o: Fixture) => o.paidDaysAgo ?? o.daysAgo
const inPeriod = (o: Fixture) => PAID.has(o.status) && paidDay(o) <= 29

const products: Record<string, string> = {}
const options: Record<string, string> = {}

beforeAll(async () => {
  server = await startServer({ ...OWNER_ENV, SEED_DEMO: 'false' })
  db = new Db(server.databaseUrl)
  owner = new Client(server.url, { forwardedFor: '198.19.9.1' })
  await signIn(owner)

  // Stock: Tour Tee S 3 left (warn), M 50; Vinyl 5 (warn); Poster sold out (warn); Sticker 40;
  // an inactive product and an inactive option with little stock, and a product whose only
  // option is inactive, are not warned about.
  const product = async (name: string, inventory: number, isActive = true) =>
    (products[name] = (
      await db.query(`INSERT INTO products (name, price, inventory, is_active) VALUES ($1, 10, $2, $3) RETURNING id`, [
        name,
        inventory,
        isActive,
      ])
    )[0].id)
  const option = async (productName: string, value: string, inventory: number, isActive = true) =>
    (options[`${productName}:${value}`] = (
      await db.query(
        `INSERT INTO product_options (product_id_id, name, value, inventory, is_active) VALUES ($1, 'Size', $2, $3, $4) RETURNING id`,
        [products[productName], value, inventory, isActive],
      )
    )[0].id)
  await product('Tour Tee', 0)
  await option('Tour Tee', 'S', 3)
  await option('Tour Tee', 'M', 50)
  await option('Tour Tee', 'XS', 1, false)
  await product('Vinyl', 5)
  await product('Poster', 0)
  await product('Sticker', 40)
  await product('Old Shirt', 1, false)
  await product('Hoodie', 100)
  await option('Hoodie', 'L', 0, false)

  // The merch table's channel: two sales today (one of them voided) and one 3 days ago, at a show.
  const [show] = await db.query(
    `INSERT INTO shows (title, venue, date, is_active, key) VALUES ('Table Night', 'Club', now(), true, gen_random_uuid()) RETURNING id`,
  )
  const [till] = await db.query(
    `INSERT INTO tills (show_id, token_hash, expires_at) VALUES ($1, 'summary-till', now() + interval '1 day') RETURNING id`,
    [show.id],
  )
  for (const [cents, daysAgo, voided] of TABLE_SALES) {
    await db.query(
      `INSERT INTO till_sales (id, show_id, till_id, sold_at, payment, subtotal_cents, total_cents, body_hash, voided_at)
       VALUES (gen_random_uuid(), $1, $2, now() - make_interval(days => $3), 'cash', $4, $4, 'x', $5)`,
      [show.id, till.id, daysAgo, cents, voided ? new Date() : null],
    )
  }

  for (const o of ORDERS) {
    const [order] = await db.query(
      `INSERT INTO orders (customer_email, subtotal_amount, shipping_amount, total_amount, status, created_at, paid_at)
       VALUES ('fan@example.com', $1, 5, $2, $3, now() - make_interval(days => $4),
         CASE WHEN $5::int IS NULL THEN NULL ELSE now() - make_interval(days => $5::int) END) RETURNING id`,
      [subtotal(o), total(o), o.status, o.daysAgo, o.paidDaysAgo ?? null],
    )
    for (const l of o.lines) {
      await db.query(
        `INSERT INTO order_items (order_id_id, product_id_id, product_option_id_id, quantity, price, product_name, option_value) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          order.id,
          products[l.product],
          l.option ? options[`${l.product}:${l.option}`] : null,
          l.quantity,
          l.price,
          l.product,
          l.option ?? null,
        ],
      )
    }
  }
})
afterAll(async () => {
  await db?.end()
  await server?.discard()
})

describe('GET /api/admin/orders/summary', () => {
  it('gives revenue per day for 30 days, paid orders and revenue, top products by units, and low stock', async () => {
    const { status, body } = await owner.json('GET', '/api/admin/orders/summary')
    expect(status).toBe(200)

    // Revenue per day: every one of the last 30 UTC days, today last, days without sales at 0.00.
    const days = Array.from({ length: 30 }, (_, i) => {
      const date = utcDate(29 - i)
      const paid = ORDERS.filter((o) => PAID.has(o.status) && utcDate(paidDay(o)) === date)
      const table = TABLE_SALES.filter(([, daysAgo, voided]) => !voided && utcDate(daysAgo) === date)
      return {
        date,
        orders: paid.length,
        revenue: paid.reduce((sum, o) => sum + total(o), 0).toFixed(2),
        tableSales: table.length,
        tableRevenue: (table.reduce((sum, [cents]) => sum + cents, 0) / 100).toFixed(2),
        musicSales: 0,
        musicRevenue: '0.00',
      }
    })
    expect(body.days).toEqual(days)
    expect(body.from).toBe(utcDate(29))
    expect(body.to).toBe(utcDate(0))
    // By hand: 85 (today) + 95 (3 days ago) + 15 (29 days ago) + 50 (paid today) + 17 (12 days ago).
    const counted = ORDERS.filter(inPeriod)
    expect(counted).toHaveLength(5)
    expect(body.paid).toEqual({ orders: 5, revenue: '262.00' })
    // The merch tables are their own channel, voids left out: 25.00 + 40.00, never counted as orders.
    expect(body.table).toEqual({ sales: 2, revenue: '65.00' })
    expect(body.music).toEqual({ sales: 0, revenue: '0.00' })
    expect(counted.reduce((sum, o) => sum + total(o), 0)).toBe(262)

    // Units in the period: Sticker 6, Vinyl 4, Poster 3, Tour Tee 3 (2 S + 1 M).
    expect(
      body.topProducts.map((p: { name: string; units: number; revenue: string }) => [p.name, p.units, p.revenue]),
    ).toEqual([
      ['Sticker', 6, '12.00'],
      ['Vinyl', 4, '120.00'],
      ['Poster', 3, '30.00'],
      ['Tour Tee', 3, '75.00'],
    ])

    expect(body.lowStock).toEqual([
      {
        kind: 'product',
        id: products.Poster,
        productId: products.Poster,
        name: 'Poster',
        option: null,
        inventory: 0,
        preorderShipsOn: null,
      },
      {
        kind: 'option',
        id: options['Tour Tee:S'],
        productId: products['Tour Tee'],
        name: 'Tour Tee',
        option: 'Size: S',
        inventory: 3,
        preorderShipsOn: null,
      },
      {
        kind: 'product',
        id: products.Vinyl,
        productId: products.Vinyl,
        name: 'Vinyl',
        option: null,
        inventory: 5,
        preorderShipsOn: null,
      },
    ])
  })
})
