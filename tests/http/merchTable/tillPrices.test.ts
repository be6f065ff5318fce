import crypto from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'

/**
 * The till's prices are the catalogue's: each line is sent at the price the till showed, which
 * must be a catalogue price of the item at the time of the sale. A lower price needs a discount or
 * a comp with its reason; a higher one is refused. A sale made at the old price before a price
 * change and sent after it is still recorded.
 */

const site = useAdminSite({ db: true })
let n = 0

const LOWERED = 'The price must be the catalogue price (25.00) unless a discount has a reason'
const ABOVE = 'The price must not be more than the catalogue price (25.00)'

/** A show today with a till link, and a tee at 25.00 in size M (10 in stock). */
async function night() {
  const show = await site.owner.json('POST', '/api/admin/shows', {
    title: `Price Night ${++n}`,
    venue: 'The Basement',
    date: new Date().toISOString().slice(0, 10),
  })
  expect(show.status, JSON.stringify(show.body)).toBe(201)
  const product = await site.owner.json('POST', '/api/admin/products', {
    name: `Price Tee ${n}`,
    price: '25',
    inventory: 0,
    isActive: true,
  })
  expect(product.status, JSON.stringify(product.body)).toBe(201)
  const option = await site.owner.json('POST', `/api/admin/products/${product.body.id}/options`, {
    name: 'Size',
    value: 'M',
    inventory: 10,
  })
  expect(option.status, JSON.stringify(option.body)).toBe(201)
  const till = await site.owner.json('POST', `/api/admin/shows/${show.body.id}/tills`, {})
  expect(till.status, JSON.stringify(till.body)).toBe(201)
  const token = till.body.token as string
  const M = { productId: product.body.id as string, productOptionId: option.body.id as string }
  /** A sale as the till page sends it: the line at the price it showed, the discount or comp on the sale. */
  const ring = async (unitPrice: string, more: Record<string, unknown> = {}, at = new Date()) => {
    const body = { id: crypto.randomUUID(), at: at.toISOString(), items: [{ ...M, quantity: 1, unitPrice }] }
    const res = await site.fresh().json('POST', `/api/till/${token}/sales`, { ...body, payment: 'cash', ...more })
    return { ...res, saleId: body.id }
  }
  return { M, ring, productId: product.body.id as string }
}

const recorded = async (saleId: string) =>
  (await site.db.query('SELECT id FROM till_sales WHERE id = $1', [saleId])).length
const pause = () => new Promise((resolve) => setTimeout(resolve, 50))

describe("the till's prices", () => {
  it('a line below or above the catalogue price with no discount is 400 and records nothing', async () => {
    const { M, ring } = await night()
    for (const [price, message] of [
      ['0.00', LOWERED],
      ['20.00', LOWERED],
      ['30.00', ABOVE],
    ] as const) {
      const res = await ring(price)
      expect(res.status, JSON.stringify(res.body)).toBe(400)
      expect(res.body.message).toBe('Please check the highlighted fields.')
      expect(res.body.errors).toEqual({ 'items.0.unitPrice': message })
    }
    expect(
      await site.db.query('SELECT 1 FROM till_sale_lines WHERE product_option_id = $1', [M.productOptionId]),
    ).toEqual([])
    expect(await site.db.optionStock(M.productOptionId)).toBe(10)
  })

  it('a discount or comp with its reason is recorded within 0 … the catalogue price', async () => {
    const { M, ring } = await night()
    // What the till sends: the line at its price, the discount on the sale.
    const discounted = await ring('25.00', { discount: { amount: '5.00', reason: 'Crew friend' } })
    expect(discounted.status, JSON.stringify(discounted.body)).toBe(201)
    expect(discounted.body).toMatchObject({ subtotal: '25.00', discount: '5.00', total: '20.00' })
    const comp = await ring('25.00', { comp: { reason: 'Support act' } })
    expect(comp.status, JSON.stringify(comp.body)).toBe(201)
    expect(comp.body).toMatchObject({ subtotal: '25.00', total: '0.00', compReason: 'Support act' })
    // A line sent at a lower price with a reason: kept at the catalogue price, what it took off is a discount.
    const lowered = await ring('15.00', { discount: { amount: '1.00', reason: 'Damaged print' } })
    expect(lowered.status, JSON.stringify(lowered.body)).toBe(201)
    expect(lowered.body).toMatchObject({ subtotal: '25.00', discount: '11.00', total: '14.00' })
    expect(lowered.body.lines[0].unitPrice).toBe('25.00')
    const free = await ring('0.00', { comp: { reason: 'Radio giveaway' } })
    expect(free.status, JSON.stringify(free.body)).toBe(201)
    expect(free.body).toMatchObject({ subtotal: '25.00', discount: '0.00', total: '0.00' })
    expect(await site.db.optionStock(M.productOptionId)).toBe(6)

    // Never above the catalogue price, never below 0, never a discount without its reason.
    const above = await ring('26.00', { discount: { amount: '1.00', reason: 'Crew friend' } })
    expect(above.status).toBe(400)
    expect(above.body.errors).toEqual({ 'items.0.unitPrice': ABOVE })
    const tooMuch = await ring('25.00', { discount: { amount: '25.01', reason: 'Crew friend' } })
    expect(tooMuch.status).toBe(400)
    expect(tooMuch.body.errors).toEqual({ 'discount.amount': 'The discount is more than the sale' })
    const negative = await ring('-1.00', { comp: { reason: 'Crew friend' } })
    expect(negative.status).toBe(400)
    const noReason = await ring('20.00', { discount: { amount: '0.00', reason: ' ' } })
    expect(noReason.status).toBe(400)
    expect(noReason.body.errors['discount.reason']).toBe('Say why the discount was given')
    for (const res of [above, tooMuch, negative, noReason]) expect(await recorded(res.saleId)).toBe(0)
    expect(await site.db.optionStock(M.productOptionId)).toBe(6)
  })
})

describe("the till's prices across a price change", () => {
  it('a sale made at the old price before a price change is recorded when it syncs after it', async () => {
    const { M, ring, productId } = await night()
    const beforeChange = new Date()
    await pause()
    const raised = await site.owner.json('PUT', `/api/admin/products/${productId}`, { price: '30' })
    expect(raised.status, JSON.stringify(raised.body)).toBe(200)
    await pause()

    // Made offline at 25.00 before the change, sent now.
    const old = await ring('25.00', {}, beforeChange)
    expect(old.status, JSON.stringify(old.body)).toBe(201)
    expect(old.body.total).toBe('25.00')
    // The new price was not the catalogue's before the change.
    const early = await ring('30.00', {}, beforeChange)
    expect(early.status).toBe(400)
    expect(early.body.errors).toEqual({ 'items.0.unitPrice': ABOVE })
    // After the change: the new price, or the old one still on a till that has not read the catalogue again.
    expect((await ring('30.00')).status).toBe(201)
    expect((await ring('25.00')).status).toBe(201)

    // A size's own adjustment is part of its price: 30.00 + 2.00.
    const adjusted = await site.owner.json('PUT', `/api/admin/products/options/${M.productOptionId}`, {
      priceAdjustment: '2.00',
    })
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200)
    expect((await ring('32.00')).status).toBe(201)
  })

  it('a price the catalogue had before the till link was made is not one the till could show', async () => {
    const { productId, ring } = await night()
    // The link was made while the tee was 25.00; the price drops to 20.00 and back up.
    await pause()
    expect((await site.owner.json('PUT', `/api/admin/products/${productId}`, { price: '20' })).status).toBe(200)
    await pause()
    expect((await site.owner.json('PUT', `/api/admin/products/${productId}`, { price: '25' })).status).toBe(200)
    await pause()
    expect((await ring('20.00')).status).toBe(201)
    const made = await site.owner.json('POST', '/api/admin/shows', {
      title: `Price Night ${++n}`,
      venue: 'The Basement',
      date: new Date().toISOString().slice(0, 10),
    })
    const later = await site.owner.json('POST', `/api/admin/shows/${made.body.id}/tills`, {})
    const [option] = await site.db.query('SELECT id FROM product_options WHERE product_id_id = $1', [productId])
    const res = await site.fresh().json('POST', `/api/till/${later.body.token}/sales`, {
      id: crypto.randomUUID(),
      at: new Date().toISOString(),
      items: [{ productId, productOptionId: option.id, quantity: 1, unitPrice: '20.00' }],
      payment: 'cash',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(400)
    expect(res.body.errors).toEqual({ 'items.0.unitPrice': LOWERED })
  })
})
