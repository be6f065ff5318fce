import { parse } from 'csv-parse/sync'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedVolume } from '../../../scripts/lib/volumeSeed'
import { Db } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { startServer, type TestServer } from '../../helpers/server'
import { OWNER_ENV, signIn } from '../../helpers/site'

/** The team lists and exports over years of orders (the volume seed). */

let server: TestServer
let db: Db
let owner: Client

beforeAll(async () => {
  server = await startServer({ ...OWNER_ENV, SEED_DEMO: 'false' })
  const client = new pg.Client({ connectionString: server.databaseUrl })
  await client.connect()
  try {
    await seedVolume(client, { orders: 10_000, subscribers: 2_000, products: 200 })
  } finally {
    await client.end()
  }
  db = new Db(server.databaseUrl)
  owner = new Client(server.url, { forwardedFor: '198.19.8.1' })
  await signIn(owner)
}, 180_000)
afterAll(async () => {
  await db?.end()
  await server?.discard()
})

describe('10,000 orders', () => {
  it('the orders CSV export has every order, one row per item, in the same columns', async () => {
    const res = await owner.get('/api/admin/orders/export')
    expect(res.status).toBe(200)
    const rows: Record<string, string>[] = parse(await res.text(), { columns: true, bom: true })
    const [{ items }] = await db.query(`SELECT count(*)::int AS items FROM order_items`)
    expect(rows).toHaveLength(items)
    expect(new Set(rows.map((r) => r['Order ID'])).size).toBe(10_000)
    expect(Object.keys(rows[0]!).join(',')).toBe(
      'Order ID,Date,Status,Customer Name,Email,Phone,Street,City,State,ZIP,Country,Product,Option Name,Option Value,Quantity,Unit Price,Subtotal,Shipping,Total,PayPal Order ID,Carrier,Tracking Number,Discount,Tax,Tax Lines',
    )
    // Newest first, and every order's lines add up to its subtotal.
    const dates = rows.map((r) => r.Date!)
    expect([...dates].sort().reverse()).toEqual(dates)
    const sums = new Map<string, number>()
    for (const r of rows)
      sums.set(
        r['Order ID']!,
        (sums.get(r['Order ID']!) ?? 0) + Math.round(Number(r['Unit Price']) * 100) * Number(r.Quantity),
      )
    for (const r of rows.slice(0, 500)) expect(sums.get(r['Order ID']!)).toBe(Math.round(Number(r.Subtotal) * 100))

    const failed = await owner.get('/api/admin/orders/export?status=failed')
    const failedRows: Record<string, string>[] = parse(await failed.text(), { columns: true, bom: true })
    const [{ n }] = await db.query(`SELECT count(*)::int AS n FROM orders WHERE status = 'failed'`)
    expect(new Set(failedRows.map((r) => r['Order ID'])).size).toBe(n)
    expect(failedRows.every((r) => r.Status === 'failed')).toBe(true)
  }, 60_000)

  it('the first page is 50 orders with their items, and a search finds a customer among them all', async () => {
    const res = await owner.get('/api/admin/orders')
    expect(res.headers.get('x-total-count')).toBe('10000')
    const page = (await res.json()) as { items: unknown[]; customerEmail: string }[]
    expect(page).toHaveLength(50)
    expect(page.every((o) => o.items.length >= 1 && o.items.length <= 3)).toBe(true)
    const email = page[17]!.customerEmail
    const found = await owner.json('GET', `/api/admin/orders?q=${encodeURIComponent(email)}`)
    expect(found.body.map((o: { customerEmail: string }) => o.customerEmail)).toContain(email)
  })
})
