import { parse } from 'csv-parse/sync'
import { createHash } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Buyer, checkout, createShirt } from '../../helpers/checkout'
import { CUSTOMER } from '../../helpers/checkoutForm'
import { Client } from '../../helpers/http'
import { member } from '../../helpers/site'
import { unique } from '../../helpers/unique'

/**
 * A fan's personal data, found, exported and erased by the owner: the subscription, the waits,
 * the deliveries and the emails go, the orders stay for the books without who placed them.
 */

// The worker's shared site: the fan, their street and the team members are the file's own.
const site = useAdminSite({ db: true })
const n = unique()
const FAN = `fan.privacy${n}@example.org`
const TYPED = `Fan.Privacy${n}@Example.ORG`
const STREET = `${n} Erasure Lane`
const fresh = () => site.fresh()
const buyer = () => new Buyer(site.server.url, { forwardedFor: site.address() })
const q = (email: string) => new URLSearchParams({ email }).toString()

let orderIds: string[] = []
let waitedFor = ''

/** Every text, varchar and jsonb column of every table, with how many of its rows hold `needle`. */
async function placesHolding(needle: string) {
  const columns = await site.db.query(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json')`,
  )
  expect(columns.length).toBeGreaterThan(50)
  const found: string[] = []
  for (const { table_name, column_name } of columns) {
    const [row] = await site.db.query(
      `SELECT count(*)::int AS n FROM "${table_name}" WHERE strpos(lower("${column_name}"::text), $1) > 0`,
      [needle.toLowerCase()],
    )
    if (row.n > 0) found.push(`${table_name}.${column_name}`)
  }
  return found
}

/** The owner's CSV of every order, as rows. */
async function ordersCsv() {
  const res = await site.owner.get('/api/admin/orders/export')
  expect(res.status).toBe(200)
  return parse(await res.text(), { columns: true, bom: true }) as Record<string, string>[]
}

beforeAll(async () => {
  expect((await fresh().json('POST', '/api/newsletter/subscribe', { email: TYPED })).status).toBeLessThan(300)
  const soldOut = await createShirt(site.owner, { stock: 0 })
  waitedFor = soldOut.name
  const wait = await fresh().json('POST', `/api/products/${soldOut.productId}/notify`, {
    email: TYPED,
    productOptionId: soldOut.optionId,
  })
  expect(wait.status, JSON.stringify(wait.body)).toBe(202)
  const shirt = await createShirt(site.owner, { stock: 10 })
  const line = { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 2, price: '25.00' }
  for (const email of [TYPED, FAN]) {
    const paid = await checkout(buyer(), [line], undefined, {
      customerEmail: email,
      customerName: 'Robin Fanperson',
      shippingAddress: { ...CUSTOMER.shippingAddress, street: STREET },
    })
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    orderIds.push(paid.orderId)
  }
  orderIds = orderIds.sort()
})

/** The tax report (JSON) from yesterday to tomorrow (UTC): today in any time zone the band may be in. */
async function taxReport() {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  const res = await site.owner.get(`/api/admin/tax/report?from=${day(-1)}&to=${day(1)}`, { Accept: 'application/json' })
  expect(res.status).toBe(200)
  return (await res.json()) as { totals: { orders: number }; rows: unknown[] }
}

describe('the personal data of an address', () => {
  it('is found by the owner, whatever the address’s case', async () => {
    const { status, body } = await site.owner.json('GET', `/api/admin/privacy?${q(`FAN.privacy${n}@example.org`)}`)
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.email).toBe(FAN)
    expect(body.subscriber).toMatchObject({ email: FAN, status: 'pending' })
    expect(body.orders.map((o: { id: string }) => o.id).sort()).toEqual(orderIds)
    expect(body.orders[0]).toMatchObject({ status: 'paid', customerName: 'Robin Fanperson', totalAmount: '55.00' })
    expect(body.orders[0].items).toEqual([{ product: expect.any(String), option: 'M', quantity: 2, price: '25.00' }])
    expect(body.backInStock).toHaveLength(1)
    expect(body.backInStock[0]).toMatchObject({ product: waitedFor, option: 'M' })
    expect(body.deliveries).toEqual([])
    expect(body.queuedEmails.length).toBeGreaterThanOrEqual(3)
    expect(body.downloadGrants).toEqual([])
  })

  it('is refused without a valid address, and to anyone but the owner', async () => {
    expect((await site.owner.get('/api/admin/privacy')).status).toBe(400)
    expect((await site.owner.get(`/api/admin/privacy/export?${q('not-an-address')}`)).status).toBe(400)
    expect((await site.owner.json('POST', '/api/admin/privacy/erase', { email: 'nope' })).status).toBe(400)
    const manager = await member(site, `privacy-manager${n}@example.com`, 'manager', site.address())
    const viewer = await member(site, `privacy-viewer${n}@example.com`, 'viewer', site.address())
    for (const { client } of [manager, viewer]) {
      expect((await client.get(`/api/admin/privacy?${q(FAN)}`)).status).toBe(403)
      expect((await client.get(`/api/admin/privacy/export?${q(FAN)}`)).status).toBe(403)
      expect((await client.post('/api/admin/privacy/erase', { email: FAN })).status).toBe(403)
    }
    // A write from another site's page is refused before anything is erased.
    const foreign = new Client(site.server.url, { origin: 'https://evil.example', forwardedFor: site.address() })
    foreign.cookie = site.owner.cookie
    expect((await foreign.post('/api/admin/privacy/erase', { email: FAN })).status).toBe(403)
    expect((await site.owner.json('GET', `/api/admin/privacy?${q(FAN)}`)).body.orders).toHaveLength(2)
  })

  it('is exported as a JSON file', async () => {
    const res = await site.owner.get(`/api/admin/privacy/export?${q(TYPED)}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[\w-]+\.json"$/)
    const body = await res.json()
    expect(body.email).toBe(FAN)
    expect(body.orders).toHaveLength(2)
  })
})

describe('the personal data of an address', () => {
  it('is erased in one go: orders keep counting, the address is nowhere, the log holds its hash', async () => {
    const before = (await site.owner.json('GET', '/api/admin/orders/summary')).body
    expect(before.paid.orders).toBeGreaterThanOrEqual(2)
    const reportBefore = await taxReport()
    expect(reportBefore.totals.orders).toBeGreaterThanOrEqual(2)
    expect(await placesHolding(FAN)).not.toEqual([])

    const { status, body } = await site.owner.json('POST', '/api/admin/privacy/erase', { email: TYPED })
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body).toMatchObject({ subscribers: 1, orders: 2, backInStock: 1, deliveries: 0 })
    expect(body.queuedEmails).toBeGreaterThanOrEqual(3)

    // The books are unchanged: the same paid orders and revenue, the same CSV lines but for the buyer.
    const after = (await site.owner.json('GET', '/api/admin/orders/summary')).body
    expect(after.paid).toEqual(before.paid)
    expect(after.days).toEqual(before.days)
    // The tax report counts them as before: country, state, amounts and tax are kept.
    expect(await taxReport()).toEqual(reportBefore)
    const rows = (await ordersCsv()).filter((r) => orderIds.includes(r['Order ID']!))
    expect(rows).toHaveLength(2)
    for (const row of rows) {
      expect(row).toMatchObject({ State: 'OR', ZIP: '97201', Quantity: '2', 'Unit Price': '25.00', Total: '55.00' })
      expect(row.Email).toBe('erased@erased.invalid')
      expect(row.City ?? '').toBe('')
      expect(row['Customer Name'] ?? '').toBe('')
      expect(row.Street ?? '').toBe('')
      expect(row.Phone ?? '').toBe('')
    }
    const list = await site.owner.json('GET', '/api/admin/orders')
    expect(list.status).toBe(200)

    // Nowhere in the database, in any case, and nothing left to find.
    expect(await placesHolding(FAN)).toEqual([])
    expect(await placesHolding('Fanperson')).toEqual([])
    expect(await placesHolding(STREET)).toEqual([])
    const found = (await site.owner.json('GET', `/api/admin/privacy?${q(FAN)}`)).body
    expect(found).toMatchObject({ subscriber: null, orders: [], backInStock: [], deliveries: [], queuedEmails: [] })

    const hash = createHash('sha256').update(FAN).digest('hex')
    const log = await site.db.query('SELECT * FROM privacy_erasures WHERE email_sha256 = $1', [hash])
    expect(log).toHaveLength(1)
    expect(log[0].erased_by_id).toBeTruthy()
    expect(log[0].erased_at).toBeInstanceOf(Date)
  })

  it('of an unknown address erases nothing and answers zero counts', async () => {
    const { status, body } = await site.owner.json('POST', '/api/admin/privacy/erase', {
      email: `nobody${n}@example.org`,
    })
    expect(status).toBe(200)
    expect(body).toEqual({
      subscribers: 0,
      orders: 0,
      backInStock: 0,
      deliveries: 0,
      queuedEmails: 0,
      downloadGrants: 0,
      redeemedCodes: 0,
    })
  })
})
