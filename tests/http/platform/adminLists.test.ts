import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Db } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { nextLink, readAll } from '../../helpers/pages'
import { payloadFor } from '../../helpers/payload'
import { startServer, type TestServer } from '../../helpers/server'
import { account, addMembers, OWNER_ENV, signIn } from '../../helpers/site'

/** The paged, searchable team lists: GET /api/admin/orders and GET /api/admin/subscribers. */

let server: TestServer
let db: Db
let owner: Client
let manager: Client
let viewer: Client
let ip = 0
const fresh = () => new Client(server.url, { forwardedFor: `198.19.7.${++ip}` })

/** Orders written straight into the database, oldest first, one minute apart, each with one or two items. */
async function insertOrders(
  rows: { email: string; name: string | null; status: string; minutesAgo: number }[],
): Promise<string[]> {
  const ids: string[] = []
  for (const r of rows) {
    const [order] = await db.query(
      `INSERT INTO orders (customer_email, customer_name, subtotal_amount, shipping_amount, total_amount, status, created_at)
       VALUES ($1, $2, 20, 5, 25, $3, now() - make_interval(mins => $4)) RETURNING id`,
      [r.email, r.name, r.status, r.minutesAgo],
    )
    await db.query(
      `INSERT INTO order_items (order_id_id, quantity, price, product_name, created_at) VALUES ($1, 1, 10, 'Tee', now()), ($1, 1, 10, 'Pin', now() + interval '1 ms')`,
      [order.id],
    )
    ids.push(order.id)
  }
  return ids
}

beforeAll(async () => {
  server = await startServer({ ...OWNER_ENV, SEED_DEMO: 'false' })
  const payload = await payloadFor(server.databaseUrl)
  db = new Db(server.databaseUrl)
  await addMembers(payload, ['manager', 'viewer'])
  owner = fresh()
  manager = fresh()
  viewer = fresh()
  for (const [client, who] of [
    [owner, 'owner'],
    [manager, 'manager'],
    [viewer, 'viewer'],
  ] as const) {
    await signIn(client, account(who))
  }
})
afterAll(async () => {
  await db?.end()
  await server?.discard()
})

/** The ids of the 130 orders the orders list is read against, oldest first. */
let all: string[] = []

describe('GET /api/admin/orders', () => {
  beforeAll(async () => {
    const statuses = ['paid', 'pending', 'failed', 'shipped', 'completed']
    all = await insertOrders(
      Array.from({ length: 130 }, (_, i) => ({
        email: `buyer${i}@Example.com`.toLowerCase(),
        name: i % 10 === 0 ? null : `Fan${i} Lastname${i % 3}`,
        status: statuses[i % statuses.length]!,
        minutesAgo: 1000 - i,
      })),
    )
    // Two orders at the very same moment: the id keeps them apart in the order.
    const [twin] = await db.query(`SELECT created_at FROM orders WHERE id = $1`, [all[64]])
    await db.query(`UPDATE orders SET created_at = $1 WHERE id = $2`, [twin.created_at, all[65]])
  })

  it('answers the newest 50 with their items, the total in X-Total-Count and the next page in Link', async () => {
    const res = await viewer.get('/api/admin/orders')
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      id: string
      items: { productName: string; price: string }[]
      totalAmount: string
    }[]
    expect(Array.isArray(body)).toBe(true)
    expect(body).toHaveLength(50)
    expect(res.headers.get('x-total-count')).toBe('130')
    expect(body[0]!.id).toBe(all.at(-1))
    expect(body[0]!.totalAmount).toBe('25.00')
    expect(body[0]!.items.map((i) => [i.productName, i.price])).toEqual([
      ['Tee', '10.00'],
      ['Pin', '10.00'],
    ])
    expect(nextLink(res)).toMatch(/^\/api\/admin\/orders\?cursor=[\w-]+$/)
  })

  it('pages through every order exactly once, newest first, while new orders arrive', async () => {
    const expected = (await db.query(`SELECT id FROM orders ORDER BY created_at DESC, id DESC`)).map(
      (r) => r.id as string,
    )
    expect(new Set(expected)).toEqual(new Set(all))
    let arrivals = 0
    const pages = await readAll(owner, '/api/admin/orders?limit=40', async () => {
      await insertOrders([
        { email: `late${++arrivals}@example.com`, name: 'Late Comer', status: 'pending', minutesAgo: 0 },
      ])
    })
    expect(pages.map((p) => p.length)).toEqual([40, 40, 40, 10])
    const seen = pages.flat()
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(expected)
    expect(arrivals).toBe(3)
    // The newcomers are on a fresh first page.
    const again = await owner.get('/api/admin/orders?limit=3')
    expect(again.headers.get('x-total-count')).toBe('133')
    expect(((await again.json()) as { customerEmail: string }[]).map((o) => o.customerEmail)).toEqual([
      'late3@example.com',
      'late2@example.com',
      'late1@example.com',
    ])
    await db.query(
      `DELETE FROM order_items WHERE order_id_id IN (SELECT id FROM orders WHERE customer_email LIKE 'late%')`,
    )
    await db.query(`DELETE FROM orders WHERE customer_email LIKE 'late%'`)
  })
})

describe('GET /api/admin/orders', () => {
  it('takes a limit from 1 to 200', async () => {
    const one = await owner.get('/api/admin/orders?limit=1')
    expect(((await one.json()) as unknown[]).length).toBe(1)
    const most = await owner.get('/api/admin/orders?limit=200')
    expect(((await most.json()) as unknown[]).length).toBe(130)
    expect(nextLink(most)).toBeNull()
  })

  it('answers 400 naming the parameter for a bad limit, cursor, status or search', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=-3', 'limit'],
      ['cursor=not%20a%20cursor', 'cursor'],
      [`cursor=${Buffer.from('["yesterday","x"]').toString('base64url')}`, 'cursor'],
      [`cursor=${Buffer.from('{"a":1}').toString('base64url')}`, 'cursor'],
      ['status=lost', 'status'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ]
    for (const [query, field] of cases) {
      const { status, body } = await owner.json('GET', `/api/admin/orders?${query}`)
      expect(status, query).toBe(400)
      expect(Object.keys(body.errors), query).toEqual([field])
    }
  })
})

describe('GET /api/admin/orders', () => {
  it('?q finds by email, name, a word of the name, or order number prefix, case-insensitively', async () => {
    const byEmail = await owner.json('GET', '/api/admin/orders?q=BUYER12')
    expect(byEmail.body.map((o: { customerEmail: string }) => o.customerEmail).sort()).toEqual(
      [
        'buyer12@example.com',
        'buyer120@example.com',
        'buyer121@example.com',
        'buyer122@example.com',
        'buyer123@example.com',
        'buyer124@example.com',
        'buyer125@example.com',
        'buyer126@example.com',
        'buyer127@example.com',
        'buyer128@example.com',
        'buyer129@example.com',
      ].sort(),
    )
    expect(byEmail.res.headers.get('x-total-count')).toBe('11')
    const byName = await owner.json('GET', '/api/admin/orders?q=fan7')
    expect(byName.body.map((o: { customerName: string }) => o.customerName).sort()).toEqual(
      [
        'Fan71 Lastname2',
        'Fan72 Lastname0',
        'Fan73 Lastname1',
        'Fan74 Lastname2',
        'Fan75 Lastname0',
        'Fan76 Lastname1',
        'Fan77 Lastname2',
        'Fan78 Lastname0',
        'Fan79 Lastname1',
        'Fan7 Lastname1',
      ].sort(),
    )
    const byLastName = await owner.json('GET', '/api/admin/orders?q=lastname2&limit=200')
    expect(byLastName.body.length).toBeGreaterThan(0)
    expect(byLastName.body.every((o: { customerName: string }) => o.customerName.endsWith('Lastname2'))).toBe(true)
    const id = all[5]!
    const byNumber = await owner.json(
      'GET',
      `/api/admin/orders?q=${encodeURIComponent(`#${id.slice(0, 8).toUpperCase()}`)}`,
    )
    expect(byNumber.body.map((o: { id: string }) => o.id)).toContain(id)
    // Pattern characters are taken literally.
    const wildcard = await owner.json('GET', '/api/admin/orders?q=%25')
    expect(wildcard.status).toBe(200)
    expect(wildcard.body).toEqual([])
    expect(wildcard.res.headers.get('x-total-count')).toBe('0')
  })

  it('?status filters, alone and with ?q, and its pages keep the filter', async () => {
    const failed = await owner.get('/api/admin/orders?status=failed&limit=10')
    expect(failed.headers.get('x-total-count')).toBe('26')
    const link = nextLink(failed)!
    expect(link).toContain('status=failed')
    expect(link).toContain('limit=10')
    const pages = await readAll(owner, '/api/admin/orders?status=failed&limit=10')
    expect(pages.flat()).toHaveLength(26)
    const statuses = await db.query(`SELECT DISTINCT status FROM orders WHERE id = ANY($1::uuid[])`, [pages.flat()])
    expect(statuses).toEqual([{ status: 'failed' }])
    const both = await owner.json('GET', '/api/admin/orders?status=paid&q=buyer10')
    expect(both.body.map((o: { customerEmail: string }) => o.customerEmail).sort()).toEqual(
      ['buyer10@example.com', 'buyer100@example.com', 'buyer105@example.com'].sort(),
    )
  })
})

describe('GET /api/admin/orders', () => {
  it('a viewer reads the list but cannot delete, move or export; anonymous gets 401', async () => {
    expect((await viewer.get('/api/admin/orders?status=paid')).status).toBe(200)
    expect((await viewer.get('/api/admin/orders/summary')).status).toBe(200)
    expect((await viewer.del(`/api/admin/orders/${all[0]}`)).status).toBe(403)
    expect((await viewer.request('PUT', `/api/admin/orders/${all[0]}/status`, { status: 'shipped' })).status).toBe(403)
    expect((await viewer.get('/api/admin/orders/export')).status).toBe(403)
    expect((await fresh().get('/api/admin/orders')).status).toBe(401)
    expect((await fresh().get('/api/admin/orders/summary')).status).toBe(401)
    expect(await db.query(`SELECT count(*)::int AS n FROM orders`)).toEqual([{ n: 130 }])
  })

  it('the export honours ?q and ?status and refuses bad parameters', async () => {
    const res = await manager.get('/api/admin/orders/export?status=paid&q=buyer10')
    expect(res.status).toBe(200)
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8')
    const lines = text.replace(/\r\n$/, '').split('\r\n')
    expect(lines[0]).toBe(
      '\uFEFFOrder ID,Date,Status,Customer Name,Email,Phone,Street,City,State,ZIP,Country,Product,Option Name,Option Value,Quantity,Unit Price,Subtotal,Shipping,Total,PayPal Order ID,Carrier,Tracking Number,Discount,Tax,Tax Lines',
    )
    // Three orders of two items each.
    expect(lines).toHaveLength(7)
    expect(lines.slice(1).every((l) => l.includes(',paid,') && l.includes('buyer10'))).toBe(true)
    expect((await manager.get('/api/admin/orders/export?status=nope')).status).toBe(400)
  })
})

describe('GET /api/admin/subscribers', () => {
  beforeAll(async () => {
    await db.query(
      `INSERT INTO subscribers (email, status, is_active, created_at)
       SELECT 'fan' || g || '@list.example', CASE WHEN g % 4 <> 0 THEN 'confirmed' ELSE 'unsubscribed' END::enum_subscribers_status,
         g % 4 <> 0, now() - make_interval(mins => 500 - g) FROM generate_series(1, 120) AS g`,
    )
  })

  it('pages newest first with the total, and finds by email prefix', async () => {
    const first = await manager.get('/api/admin/subscribers')
    expect(first.headers.get('x-total-count')).toBe('120')
    const body = (await first.json()) as { email: string; isActive: boolean; createdAt: string }[]
    expect(body).toHaveLength(50)
    expect(body[0]).toMatchObject({ email: 'fan120@list.example', isActive: false })
    const pages = await readAll(manager, '/api/admin/subscribers?limit=50')
    expect(pages.map((p) => p.length)).toEqual([50, 50, 20])
    expect(new Set(pages.flat()).size).toBe(120)
    const found = await manager.json('GET', '/api/admin/subscribers?q=FAN11')
    expect(found.body.map((s: { email: string }) => s.email)).toEqual([
      'fan119@list.example',
      'fan118@list.example',
      'fan117@list.example',
      'fan116@list.example',
      'fan115@list.example',
      'fan114@list.example',
      'fan113@list.example',
      'fan112@list.example',
      'fan111@list.example',
      'fan110@list.example',
      'fan11@list.example',
    ])
    expect(found.res.headers.get('x-total-count')).toBe('11')
    const exported = await (await manager.get('/api/admin/subscribers/export?q=fan11')).text()
    expect(exported.trim().split('\r\n')).toHaveLength(12)
    expect((await manager.get('/api/admin/subscribers?limit=500')).status).toBe(400)
    expect((await viewer.get('/api/admin/subscribers')).status).toBe(403)
  })
})
