import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { nightSteps, tillSteps } from './tillSteps'

/**
 * The merch table's count-in and count-out against the shop's stock, and the show's settlement,
 * on the production server.
 */

const site = useAdminSite({ viewer: true, db: true })
const { newShow, newTill, newProduct } = tillSteps(site)
const { openNight, sellTheNight, countOut } = nightSteps(site)

/** What the count-in closes and which count bodies are refused. */
function countRuleTests() {
  it('a show whose box was counted in cannot be deleted; one with only till links can', async () => {
    const counted = await newShow()
    const tee = await newProduct('25', { M: 3 })
    const line = { productId: tee.id, productOptionId: tee.sizes.M, quantity: 2 }
    expect((await site.owner.json('PUT', `/api/admin/shows/${counted}/count-in`, { lines: [line] })).status).toBe(200)
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(1)
    const refused = await site.owner.json('DELETE', `/api/admin/shows/${counted}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/counted-in box/)
    const linked = await newShow()
    await newTill(linked)
    expect((await site.owner.json('DELETE', `/api/admin/shows/${linked}`)).status).toBe(200)
    expect(await site.db.query('SELECT id FROM tills WHERE show_id = $1', [linked])).toHaveLength(0)
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
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(3)
  })
}

describe('count-in, count-out and the settlement', () => {
  it('adds up a night with a count-in, sales, a void, a comp, a discount, a venue cut, shrinkage and a cash count', async () => {
    const showId = await newShow()
    const { token } = await newTill(showId)
    const tee = await newProduct('25', { M: 10, L: 4 })
    const poster = await newProduct('10', 20)
    const M = { productId: tee.id, productOptionId: tee.sizes.M! }
    const L = { productId: tee.id, productOptionId: tee.sizes.L! }
    const P = { productId: poster.id, productOptionId: null }

    const { cut, counted } = await openNight(showId, M, L)
    expect(cut.status).toBe(200)
    expect(counted.status, JSON.stringify(counted.body)).toBe(200)
    // The van's shirts left the web shop's stock.
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(4)
    expect(await site.db.optionStock(tee.sizes.L!)).toBe(1)
    const catalog = (await site.fresh().json('GET', `/api/till/${token}/catalog`)).body.items
    expect(catalog).toContainEqual(expect.objectContaining({ productOptionId: tee.sizes.M, stock: 6, source: 'box' }))

    const { sold, voided } = await sellTheNight(token, M, L, P)
    expect(sold).toEqual([201, 201, 201, 201, 201])
    expect(voided).toBe(200)
    // Box sales leave the shop's stock alone; the poster was not counted in, so it sold from the shop.
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(4)
    expect(await site.db.productStock(poster.id)).toBe(18)

    const out = await countOut(showId, M, L)
    expect(out.status, JSON.stringify(out.body)).toBe(200)
    // What is left in the box goes back to the shop.
    expect(await site.db.optionStock(tee.sizes.M!)).toBe(6)
    expect(await site.db.optionStock(tee.sizes.L!)).toBe(2)

    const settled = await site.viewer.json('GET', `/api/admin/shows/${showId}/settlement`)
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

    const csv = await site.viewer.request('GET', `/api/admin/shows/${showId}/settlement?format=csv`)
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

  countRuleTests()
})
