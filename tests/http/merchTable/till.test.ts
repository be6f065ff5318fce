import crypto from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Db, orderBody } from '../../helpers/checkout'
import type { Client } from '../../helpers/http'
import { account, addMembers, signIn } from '../../helpers/site'

/**
 * The merch table on the production server: till links per show, sales recorded exactly once and
 * never refused for stock, voids, the token's reach, count-in and count-out against the shop's
 * stock, and the show's settlement.
 */

const site = useAdminSite()
let db: Db
let viewer: Client
let n = 0

beforeAll(async () => {
  db = new Db(site.server.databaseUrl)
  await addMembers(site.payload, ['viewer'])
  viewer = site.fresh()
  await signIn(viewer, account('viewer'))
})
afterAll(() => db?.end())

async function newShow(date = new Date().toISOString().slice(0, 10)) {
  const made = await site.owner.json('POST', '/api/admin/shows', {
    title: `Table Night ${++n}`,
    venue: 'The Basement',
    date,
    timeZone: 'America/Chicago',
  })
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body.id as string
}

async function newTill(showId: string) {
  const made = await site.owner.json('POST', `/api/admin/shows/${showId}/tills`, {})
  expect(made.status, JSON.stringify(made.body)).toBe(201)
  return made.body as { id: string; url: string; token: string; expiresAt: string }
}

/** A product through the team API: sizes with their stock, or stock on the product itself. */
async function newProduct(price: string, stock: Record<string, number> | number) {
  const product = await site.owner.json('POST', '/api/admin/products', {
    name: `Table Tee ${++n}`,
    price,
    inventory: typeof stock === 'number' ? stock : 0,
    isActive: true,
  })
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const sizes: Record<string, string> = {}
  if (typeof stock !== 'number') {
    for (const [value, inventory] of Object.entries(stock)) {
      const option = await site.owner.json('POST', `/api/admin/products/${product.body.id}/options`, {
        name: 'Size',
        value,
        inventory,
      })
      expect(option.status, JSON.stringify(option.body)).toBe(201)
      sizes[value] = option.body.id
    }
  }
  return { id: product.body.id as string, sizes }
}

type Item = { productId: string; productOptionId: string | null; quantity: number; unitPrice: string }
const sale = (items: Item[], more: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  at: new Date().toISOString(),
  items,
  payment: 'cash',
  ...more,
})
const post = (token: string, body: unknown) => site.fresh().json('POST', `/api/till/${token}/sales`, body)

describe('till links', () => {
  it('owners and managers make a link that ends 12 hours after the show day; viewers cannot', async () => {
    const showId = await newShow('2030-06-01')
    const till = await newTill(showId)
    expect(till.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(till.url).toBe(`${site.server.url}/till/${till.token}`)
    // The end of June 1 in Chicago (CDT, UTC-5) is June 2 05:00 UTC; plus 12 hours.
    expect(till.expiresAt).toBe('2030-06-02T17:00:00.000Z')
    expect((await site.manager.json('POST', `/api/admin/shows/${showId}/tills`, {})).status).toBe(201)
    const refused = await viewer.json('POST', `/api/admin/shows/${showId}/tills`, {})
    expect(refused.status).toBe(403)
    // Only a hash is stored: the token itself is in no row.
    const rows = await db.query('SELECT token_hash FROM tills WHERE id = $1', [till.id])
    expect(rows[0].token_hash).toBe(crypto.createHash('sha256').update(till.token).digest('hex'))
    const listed = await viewer.json('GET', `/api/admin/shows/${showId}/tills`)
    expect(listed.status).toBe(200)
    expect(JSON.stringify(listed.body)).not.toContain(till.token)
  })

  it('a chosen end time must be in the future; an unknown show is 404', async () => {
    const showId = await newShow()
    const past = await site.owner.json('POST', `/api/admin/shows/${showId}/tills`, {
      expiresAt: '2001-01-01T00:00:00Z',
    })
    expect(past.status).toBe(400)
    expect(past.body.errors.expiresAt).toBe('Choose a time in the future')
    const bad = await site.owner.json('POST', `/api/admin/shows/${showId}/tills`, { expiresAt: 'tonight' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.expiresAt).toBeTruthy()
    const missing = await site.owner.json('POST', `/api/admin/shows/${crypto.randomUUID()}/tills`, {})
    expect(missing.status).toBe(404)
  })

  it('the catalogue lists active products and sizes with price and stock', async () => {
    const showId = await newShow()
    const { token } = await newTill(showId)
    const tee = await newProduct('25', { S: 2, M: 0 })
    const catalog = await site.fresh().json('GET', `/api/till/${token}/catalog`)
    expect(catalog.status).toBe(200)
    expect(catalog.body.show).toMatchObject({ id: showId, venue: 'The Basement' })
    const mine = catalog.body.items.filter((i: Item) => i.productId === tee.id)
    expect(mine).toEqual([
      expect.objectContaining({ productOptionId: tee.sizes.S, size: 'S', price: '25.00', stock: 2, source: 'stock' }),
      expect.objectContaining({ productOptionId: tee.sizes.M, size: 'M', price: '25.00', stock: 0, source: 'stock' }),
    ])
  })
})

describe('sales', () => {
  it('one sale sent 5 times at once is recorded once and takes its stock once', async () => {
    const { token } = await newTill(await newShow())
    const tee = await newProduct('25', { M: 5 })
    const body = sale([{ productId: tee.id, productOptionId: tee.sizes.M!, quantity: 2, unitPrice: '25.00' }])
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(token, body)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201])
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body)
    expect(answers[0]!.body).toMatchObject({ id: body.id, total: '50.00', payment: 'cash', flagged: false })
    expect(await db.query('SELECT id FROM till_sales WHERE id = $1', [body.id])).toHaveLength(1)
    expect(await db.optionStock(tee.sizes.M!)).toBe(3)
    // Later, with its keys in another order: still the same sale.
    const again = await post(token, { payment: body.payment, items: body.items, at: body.at, id: body.id })
    expect(again.status).toBe(200)
    expect(await db.optionStock(tee.sizes.M!)).toBe(3)
  })

  it('the same sale id with other contents is refused with 409', async () => {
    const { token } = await newTill(await newShow())
    const tee = await newProduct('25', { M: 5 })
    const body = sale([{ productId: tee.id, productOptionId: tee.sizes.M!, quantity: 1, unitPrice: '25.00' }])
    expect((await post(token, body)).status).toBe(201)
    const changed = await post(token, { ...body, payment: 'card' })
    expect(changed.status).toBe(409)
    expect(changed.body.message).toMatch(/already used for a different sale/)
  })

  it('a sale beyond stock is recorded and flagged; stock stops at zero and the web cannot sell it', async () => {
    const showId = await newShow()
    const { token } = await newTill(showId)
    const tee = await newProduct('25', { L: 2 })
    const poster = await newProduct('10', 1)
    const body = sale(
      [
        { productId: tee.id, productOptionId: tee.sizes.L!, quantity: 3, unitPrice: '25.00' },
        { productId: poster.id, productOptionId: null, quantity: 1, unitPrice: '10.00' },
      ],
      { payment: 'card' },
    )
    const recorded = await post(token, body)
    expect(recorded.status).toBe(201)
    expect(recorded.body.flagged).toBe(true)
    expect(recorded.body.lines).toEqual([
      expect.objectContaining({ productOptionId: tee.sizes.L, quantity: 3, oversold: 1 }),
      expect.objectContaining({ productId: poster.id, quantity: 1, oversold: 0 }),
    ])
    expect(await db.optionStock(tee.sizes.L!)).toBe(0)
    expect(await db.productStock(poster.id)).toBe(0)
    const web = await site
      .fresh()
      .json(
        'POST',
        '/api/orders',
        orderBody([{ productId: tee.id, productOptionId: tee.sizes.L, quantity: 1, price: '25.00' }]),
      )
    expect(web.status, JSON.stringify(web.body)).toBe(409)
    const settled = await viewer.json('GET', `/api/admin/shows/${showId}/settlement`)
    expect(settled.body.lines).toContainEqual(
      expect.objectContaining({ productOptionId: tee.sizes.L, sold: 3, oversold: 1, gross: '75.00' }),
    )
  })

  it('a void is recorded, not deleted, and puts the units back; voiding twice is one void', async () => {
    const { token } = await newTill(await newShow())
    const tee = await newProduct('25', { M: 4 })
    const body = sale([{ productId: tee.id, productOptionId: tee.sizes.M!, quantity: 2, unitPrice: '25.00' }])
    expect((await post(token, body)).status).toBe(201)
    expect(await db.optionStock(tee.sizes.M!)).toBe(2)
    const voided = await site.fresh().json('POST', `/api/till/${token}/sales/${body.id}/void`, { reason: 'Rang twice' })
    expect(voided.status).toBe(200)
    expect(voided.body).toMatchObject({ id: body.id, voided: true, voidReason: 'Rang twice' })
    expect(await db.optionStock(tee.sizes.M!)).toBe(4)
    const twice = await site.fresh().json('POST', `/api/till/${token}/sales/${body.id}/void`)
    expect(twice.status).toBe(200)
    expect(await db.optionStock(tee.sizes.M!)).toBe(4)
    const listed = await site.fresh().json('GET', `/api/till/${token}/sales`)
    expect(listed.body).toContainEqual(expect.objectContaining({ id: body.id, voided: true }))
    const unknown = await site.fresh().json('POST', `/api/till/${token}/sales/${crypto.randomUUID()}/void`)
    expect(unknown.status).toBe(404)
  })

  it('bad bodies get 400 with a message per field', async () => {
    const { token } = await newTill(await newShow())
    const tee = await newProduct('25', { M: 4 })
    const line = { productId: tee.id, productOptionId: tee.sizes.M!, quantity: 1, unitPrice: '25.00' }
    const cases: [unknown, string][] = [
      [{ ...sale([line]), id: 'phone-1' }, 'id'],
      [{ ...sale([line]), at: 'last night' }, 'at'],
      [sale([]), 'items'],
      [sale([{ ...line, quantity: 0 }]), 'items.0.quantity'],
      [sale([{ ...line, unitPrice: 'free' }]), 'items.0.unitPrice'],
      [sale([line], { payment: 'cheque' }), 'payment'],
      [sale([{ ...line, productId: crypto.randomUUID() }]), 'items.0.productId'],
      [sale([{ ...line, productOptionId: null }]), 'items.0.productOptionId'],
      [sale([line], { discount: { amount: '30.00', reason: 'friend' } }), 'discount.amount'],
      [sale([line], { discount: { amount: '5.00' } }), 'discount.reason'],
      [sale([line], { discount: { amount: '5.00', reason: 'x' }, comp: { reason: 'y' } }), 'comp'],
      [{ ...sale([line]), extra: true }, ''],
    ]
    for (const [body, field] of cases) {
      const res = await post(token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      if (field) expect(res.body.errors?.[field], JSON.stringify(res.body)).toBeTruthy()
    }
    const text = await site
      .fresh()
      .request('POST', `/api/till/${token}/sales`, 'id=1', { 'Content-Type': 'text/plain' })
    expect(text.status).toBe(415)
    expect(await db.optionStock(tee.sizes.M!)).toBe(4)
  })
})

/** The show a till link belongs to. */
async function showOf(token: string) {
  return (await site.fresh().json('GET', `/api/till/${token}/catalog`)).body.show.id as string
}

describe('what a till token reaches', () => {
  it('an unknown token is 404; a revoked link is 410 with a clear message and records nothing', async () => {
    expect((await site.fresh().json('GET', `/api/till/${'x'.repeat(43)}/catalog`)).status).toBe(404)
    expect((await site.fresh().json('GET', '/api/till/short/catalog')).status).toBe(404)
    const showId = await newShow()
    const till = await newTill(showId)
    const tee = await newProduct('25', { M: 4 })
    expect((await viewer.json('DELETE', `/api/admin/shows/${showId}/tills/${till.id}`)).status).toBe(403)
    const revoked = await site.manager.json('DELETE', `/api/admin/shows/${showId}/tills/${till.id}`)
    expect(revoked.status).toBe(200)
    expect(revoked.body.revokedAt).toBeTruthy()
    const catalog = await site.fresh().json('GET', `/api/till/${till.token}/catalog`)
    expect(catalog.status).toBe(410)
    expect(catalog.body.message).toMatch(/revoked/)
    const body = sale([{ productId: tee.id, productOptionId: tee.sizes.M!, quantity: 1, unitPrice: '25.00' }])
    const sent = await post(till.token, body)
    expect(sent.status).toBe(410)
    expect(sent.body.message).toMatch(/download them as CSV/)
    expect(await db.query('SELECT id FROM till_sales WHERE id = $1', [body.id])).toHaveLength(0)
  })

  it('an ended link no longer opens but still syncs for 24 hours after its end', async () => {
    const till = await newTill(await newShow())
    const tee = await newProduct('25', { M: 4 })
    const line = { productId: tee.id, productOptionId: tee.sizes.M!, quantity: 1, unitPrice: '25.00' }
    await db.query(`UPDATE tills SET expires_at = now() - interval '2 hours' WHERE id = $1`, [till.id])
    const catalog = await site.fresh().json('GET', `/api/till/${till.token}/catalog`)
    expect(catalog.status).toBe(410)
    expect(catalog.body.message).toMatch(/expired/)
    expect((await post(till.token, sale([line]))).status).toBe(201)
    await db.query(`UPDATE tills SET expires_at = now() - interval '25 hours' WHERE id = $1`, [till.id])
    const late = await post(till.token, sale([line]))
    expect(late.status).toBe(410)
    expect(late.body.message).toMatch(/more than 24 hours ago/)
  })

  it("a till token opens nothing of the team's, nor another show's sales", async () => {
    const mine = await newTill(await newShow())
    const other = await newTill(await newShow())
    const tee = await newProduct('25', { M: 4 })
    const othersSale = sale([{ productId: tee.id, productOptionId: tee.sizes.M!, quantity: 1, unitPrice: '25.00' }])
    expect((await post(other.token, othersSale)).status).toBe(201)
    // Voiding another show's sale with this link: not found, and the sale stays.
    const crossVoid = await site.fresh().json('POST', `/api/till/${mine.token}/sales/${othersSale.id}/void`)
    expect(crossVoid.status).toBe(404)
    expect((await db.query('SELECT voided_at FROM till_sales WHERE id = $1', [othersSale.id]))[0].voided_at).toBeNull()
    // The same sale id sent through this link: refused, never moved to this show.
    expect((await post(mine.token, othersSale)).status).toBe(409)
    const ways: Record<string, string>[] = [
      { Authorization: `Bearer ${mine.token}` },
      { Authorization: `JWT ${mine.token}` },
      { Cookie: `payload-token=${mine.token}` },
    ]
    const myShow = await showOf(mine.token)
    for (const headers of ways) {
      for (const path of [
        '/api/admin/orders',
        `/api/admin/shows/${myShow}/settlement`,
        `/api/admin/shows/${myShow}/tills`,
        '/api/cms/users',
        '/api/cms/orders',
      ]) {
        const res = await site.fresh().request('GET', path, undefined, headers)
        expect([401, 403, 404], `${path} ${JSON.stringify(headers)}`).toContain(res.status)
      }
      const write = await site.fresh().request('PUT', `/api/admin/shows/${myShow}/count-in`, { lines: [] }, headers)
      expect([401, 403, 404]).toContain(write.status)
      const made = await site.fresh().request('POST', `/api/admin/shows/${myShow}/tills`, {}, headers)
      expect([401, 403, 404]).toContain(made.status)
    }
  })
})

describe('count-in, count-out and the settlement', () => {
  it('adds up a night with a count-in, sales, a void, a comp, a discount, a venue cut, shrinkage and a cash count', async () => {
    const showId = await newShow()
    const { token } = await newTill(showId)
    const tee = await newProduct('25', { M: 10, L: 4 })
    const poster = await newProduct('10', 20)
    const M = { productId: tee.id, productOptionId: tee.sizes.M! }
    const L = { productId: tee.id, productOptionId: tee.sizes.L! }
    const P = { productId: poster.id, productOptionId: null }

    expect((await site.owner.json('PUT', `/api/admin/shows/${showId}/venue-cut`, { percent: 15 })).status).toBe(200)
    const counted = await site.owner.json('PUT', `/api/admin/shows/${showId}/count-in`, {
      lines: [
        { ...M, quantity: 6 },
        { ...L, quantity: 3 },
      ],
    })
    expect(counted.status, JSON.stringify(counted.body)).toBe(200)
    // The van's shirts left the web shop's stock.
    expect(await db.optionStock(tee.sizes.M!)).toBe(4)
    expect(await db.optionStock(tee.sizes.L!)).toBe(1)
    const catalog = (await site.fresh().json('GET', `/api/till/${token}/catalog`)).body.items
    expect(catalog).toContainEqual(expect.objectContaining({ productOptionId: tee.sizes.M, stock: 6, source: 'box' }))

    const s1 = sale([{ ...M, quantity: 2, unitPrice: '25.00' }])
    const s2 = sale(
      [
        { ...L, quantity: 1, unitPrice: '25.00' },
        { ...P, quantity: 2, unitPrice: '10.00' },
      ],
      { payment: 'card', discount: { amount: '5', reason: 'Crew friend' } },
    )
    const s3 = sale([{ ...M, quantity: 1, unitPrice: '25.00' }])
    const s4 = sale([{ ...L, quantity: 1, unitPrice: '25.00' }], { comp: { reason: 'Support act' } })
    const s5 = sale([{ ...M, quantity: 1, unitPrice: '25.00' }], { payment: 'card' })
    for (const s of [s1, s2, s3, s4, s5]) expect((await post(token, s)).status).toBe(201)
    expect(
      (await site.fresh().json('POST', `/api/till/${token}/sales/${s3.id}/void`, { reason: 'Wrong size' })).status,
    ).toBe(200)
    // Box sales leave the shop's stock alone; the poster was not counted in, so it sold from the shop.
    expect(await db.optionStock(tee.sizes.M!)).toBe(4)
    expect(await db.productStock(poster.id)).toBe(18)

    const out = await site.manager.json('PUT', `/api/admin/shows/${showId}/count-out`, {
      lines: [
        { ...M, quantity: 2 },
        { ...L, quantity: 1 },
      ],
      cashCounted: '48.00',
    })
    expect(out.status, JSON.stringify(out.body)).toBe(200)
    // What is left in the box goes back to the shop.
    expect(await db.optionStock(tee.sizes.M!)).toBe(6)
    expect(await db.optionStock(tee.sizes.L!)).toBe(2)

    const settled = await viewer.json('GET', `/api/admin/shows/${showId}/settlement`)
    expect(settled.status).toBe(200)
    expect(settled.body).toMatchObject({
      gross: '120.00',
      discounts: '5.00',
      comps: '25.00',
      cash: '50.00',
      card: '65.00',
      venueCut: '17.25',
      net: '97.75',
      expectedCash: '50.00',
      cashCounted: '48.00',
      cashDifference: '-2.00',
      voids: 1,
    })
    expect(settled.body.lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productOptionId: tee.sizes.M, sold: 3, comped: 0, gross: '75.00' }),
        expect.objectContaining({ productOptionId: tee.sizes.L, sold: 1, comped: 1, gross: '25.00' }),
        expect.objectContaining({ productId: poster.id, productOptionId: null, sold: 2, gross: '20.00' }),
      ]),
    )
    expect(settled.body.lines).toHaveLength(3)
    // M: 6 in, 3 sold, 2 left, so 1 missing; L: 3 in, 1 sold and 1 comped, 1 left: as expected, not listed.
    expect(settled.body.box).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productOptionId: tee.sizes.M, countedIn: 6, sold: 3, expectedLeft: 3 }),
        expect.objectContaining({ productOptionId: tee.sizes.L, countedIn: 3, sold: 2, expectedLeft: 1 }),
      ]),
    )
    expect(settled.body.box).toHaveLength(2)
    expect(settled.body.shrinkage).toEqual([expect.objectContaining({ productOptionId: tee.sizes.M, quantity: 1 })])

    const csv = await viewer.request('GET', `/api/admin/shows/${showId}/settlement?format=csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    const text = await csv.text()
    expect(text).toContain('Section,Item,Size,Quantity,Amount')
    expect(text).toContain(`Sold,Table Tee`)
    expect(text).toContain('Total,Net,,,97.75')
    expect(text).toContain('Total,Venue cut (15.00%),,,17.25')
    expect(text).toContain('Shrinkage,')

    // Once counted out, the count-in is closed; the show keeps its sales.
    const late = await site.owner.json('PUT', `/api/admin/shows/${showId}/count-in`, { lines: [] })
    expect(late.status).toBe(409)
    const removed = await site.owner.json('DELETE', `/api/admin/shows/${showId}`)
    expect(removed.status).toBe(409)
    expect(removed.body.message).toMatch(/merch-table sales/)
  })

  it('a show whose box was counted in cannot be deleted; one with only till links can', async () => {
    const counted = await newShow()
    const tee = await newProduct('25', { M: 3 })
    const line = { productId: tee.id, productOptionId: tee.sizes.M, quantity: 2 }
    expect((await site.owner.json('PUT', `/api/admin/shows/${counted}/count-in`, { lines: [line] })).status).toBe(200)
    expect(await db.optionStock(tee.sizes.M!)).toBe(1)
    const refused = await site.owner.json('DELETE', `/api/admin/shows/${counted}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/counted-in box/)
    const linked = await newShow()
    await newTill(linked)
    expect((await site.owner.json('DELETE', `/api/admin/shows/${linked}`)).status).toBe(200)
    expect(await db.query('SELECT id FROM tills WHERE show_id = $1', [linked])).toHaveLength(0)
  })

  it('count bodies are checked: 400 with field messages', async () => {
    const showId = await newShow()
    const tee = await newProduct('25', { M: 3 })
    const bad: unknown[] = [
      { lines: [{ productId: tee.id, productOptionId: tee.sizes.M, quantity: -1 }] },
      { lines: [{ productId: 'x', productOptionId: null, quantity: 1 }] },
      { lines: 'all of it' },
      {
        lines: [
          { productId: tee.id, productOptionId: tee.sizes.M, quantity: 1 },
          { productId: tee.id, productOptionId: tee.sizes.M, quantity: 2 },
        ],
      },
      { lines: [{ productId: tee.id, productOptionId: null, quantity: 1 }] },
    ]
    for (const body of bad) {
      const res = await site.owner.json('PUT', `/api/admin/shows/${showId}/count-in`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errors, JSON.stringify(res.body)).toBeTruthy()
    }
    const notIn = await site.owner.json('PUT', `/api/admin/shows/${showId}/count-out`, {
      lines: [{ productId: tee.id, productOptionId: tee.sizes.M, quantity: 1 }],
    })
    expect(notIn.status).toBe(400)
    expect(notIn.body.errors['lines.0.productId']).toBe('This item was not counted in')
    const cash = await site.owner.json('PUT', `/api/admin/shows/${showId}/count-out`, {
      lines: [],
      cashCounted: 'lots',
    })
    expect(cash.status).toBe(400)
    expect((await site.owner.json('PUT', `/api/admin/shows/${showId}/venue-cut`, { percent: 120 })).status).toBe(400)
    expect(await db.optionStock(tee.sizes.M!)).toBe(3)
  })
})
