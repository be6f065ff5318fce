import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { orderBody } from '../../helpers/checkout'
import { badSales, sale, tillSteps, type Item } from './tillSteps'

/**
 * The merch table on the production server: till links per show, sales recorded exactly once and
 * never refused for stock, voids and the token's reach. Count-in, count-out and the show's
 * settlement are in tillSettlement.test.ts.
 */

const site = useAdminSite({ viewer: true, db: true })
const { newShow, newTill, newProduct, post, showOf } = tillSteps(site)

describe('till links', () => {
  it('owners and managers make a link that ends 12 hours after the show day; viewers cannot', async () => {
    const showId = await newShow('2030-06-01')
    const till = await newTill(showId)
    expect(till.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(till.url).toBe(`${site.server.url}/till/${till.token}`)
    // The end of June 1 in Chicago (CDT, UTC-5) is June 2 05:00 UTC; plus 12 hours.
    expect(till.expiresAt).toBe('2030-06-02T17:00:00.000Z')
    expect((await site.manager.json('POST', `/api/admin/shows/${showId}/tills`, {})).status).toBe(201)
    const refused = await site.viewer.json('POST', `/api/admin/shows/${showId}/tills`, {})
    expect(refused.status).toBe(403)
    // Only a hash is stored: the token itself is in no row.
    const rows = await site.db.query('SELECT token_hash FROM tills WHERE id = $1', [till.id])
    expect(rows[0].token_hash).toBe(crypto.createHash('sha256').update(till.token).digest('hex'))
    const listed = await site.viewer.json('GET', `/api/admin/shows/${showId}/tills`)
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

/** Each sale is recorded once, by its id, and never refused for stock. */
function recordingTests() {
  it('one sale sent 5 times at once is recorded once and takes its stock once', async () => {
    const { token } = await newTill(await newShow())
    const tee = await newProduct('25', { M: 5 })
    const body = sale([{ productId: tee.id, productOptionId: tee.sizes.M!, quantity: 2, unitPrice: '25.00' }])
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(token, body)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201])
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body)
    expect(answers[0]!.body).toMatchObject({ id: body.id, total: '50.00', payment: 'cash', flagged: false })
    expect(await site.db.query('SELECT id FROM till_sales WHERE id = $1', [body.id])).toHaveLength(1)
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(3)
    // Later, with its keys in another order: still the same sale.
    const again = await post(token, { payment: body.payment, items: body.items, at: body.at, id: body.id })
    expect(again.status).toBe(200)
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(3)
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
    expect(await site.db.optionStock(tee.sizes.L!)).toBe(0)
    expect(await site.db.productStock(poster.id)).toBe(0)
    const web = await site
      .fresh()
      .json(
        'POST',
        '/api/orders',
        orderBody([{ productId: tee.id, productOptionId: tee.sizes.L, quantity: 1, price: '25.00' }]),
      )
    expect(web.status, JSON.stringify(web.body)).toBe(409)
    const settled = await site.viewer.json('GET', `/api/admin/shows/${showId}/settlement`)
    expect(settled.body.lines).toContainEqual(
      expect.objectContaining({ productOptionId: tee.sizes.L, sold: 3, oversold: 1, gross: '75.00' }),
    )
  })
}

/** Voids put the units back; bodies the till could not have sent are refused. */
function voidAndRefusalTests() {
  it('a void is recorded, not deleted, and puts the units back; voiding twice is one void', async () => {
    const { token } = await newTill(await newShow())
    const tee = await newProduct('25', { M: 4 })
    const body = sale([{ productId: tee.id, productOptionId: tee.sizes.M!, quantity: 2, unitPrice: '25.00' }])
    expect((await post(token, body)).status).toBe(201)
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(2)
    const voided = await site.fresh().json('POST', `/api/till/${token}/sales/${body.id}/void`, { reason: 'Rang twice' })
    expect(voided.status).toBe(200)
    expect(voided.body).toMatchObject({ id: body.id, voided: true, voidReason: 'Rang twice' })
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(4)
    const twice = await site.fresh().json('POST', `/api/till/${token}/sales/${body.id}/void`)
    expect(twice.status).toBe(200)
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(4)
    const listed = await site.fresh().json('GET', `/api/till/${token}/sales`)
    expect(listed.body).toContainEqual(expect.objectContaining({ id: body.id, voided: true }))
    const unknown = await site.fresh().json('POST', `/api/till/${token}/sales/${crypto.randomUUID()}/void`)
    expect(unknown.status).toBe(404)
  })

  it('bad bodies get 400 with a message per field', async () => {
    const { token } = await newTill(await newShow())
    const tee = await newProduct('25', { M: 4 })
    const line = { productId: tee.id, productOptionId: tee.sizes.M!, quantity: 1, unitPrice: '25.00' }
    const cases = badSales(line)
    for (const [body, field] of cases) {
      const res = await post(token, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      if (field) expect(res.body.errors?.[field], JSON.stringify(res.body)).toBeTruthy()
    }
    const text = await site
      .fresh()
      .request('POST', `/api/till/${token}/sales`, 'id=1', { 'Content-Type': 'text/plain' })
    expect(text.status).toBe(415)
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(4)
  })
}

describe('sales', () => {
  recordingTests()
  voidAndRefusalTests()
})

describe('what a till token reaches', () => {
  it('an unknown token is 404; a revoked link is 410 with a clear message and records nothing', async () => {
    expect((await site.fresh().json('GET', `/api/till/${'x'.repeat(43)}/catalog`)).status).toBe(404)
    expect((await site.fresh().json('GET', '/api/till/short/catalog')).status).toBe(404)
    const showId = await newShow()
    const till = await newTill(showId)
    const tee = await newProduct('25', { M: 4 })
    expect((await site.viewer.json('DELETE', `/api/admin/shows/${showId}/tills/${till.id}`)).status).toBe(403)
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
    expect(await site.db.query('SELECT id FROM till_sales WHERE id = $1', [body.id])).toHaveLength(0)
  })

  it('an ended link no longer opens but still syncs for 24 hours after its end', async () => {
    const till = await newTill(await newShow())
    const tee = await newProduct('25', { M: 4 })
    const line = { productId: tee.id, productOptionId: tee.sizes.M!, quantity: 1, unitPrice: '25.00' }
    await site.db.query(`UPDATE tills SET expires_at = now() - interval '2 hours' WHERE id = $1`, [till.id])
    const catalog = await site.fresh().json('GET', `/api/till/${till.token}/catalog`)
    expect(catalog.status).toBe(410)
    expect(catalog.body.message).toMatch(/expired/)
    expect((await post(till.token, sale([line]))).status).toBe(201)
    await site.db.query(`UPDATE tills SET expires_at = now() - interval '25 hours' WHERE id = $1`, [till.id])
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
    expect(
      (await site.db.query('SELECT voided_at FROM till_sales WHERE id = $1', [othersSale.id]))[0].voided_at,
    ).toBeNull()
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
