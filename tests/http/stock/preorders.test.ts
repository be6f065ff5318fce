import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Buyer, checkout } from '../../helpers/checkout'

/**
 * Pre-orders on the production server: a product (or a size) with a ship date sells beyond its
 * stock up to its cap, and never one more under a rush; its card and the buyer's confirmation say
 * when it ships; the Orders tab finds pre-orders and says when an order mixes them with stock.
 */

const site = useAdminSite()
let n = 0
const SHIPS = '2027-03-06'
const SHIPS_TEXT = 'March 6, 2027'

const buyer = () => new Buyer(site.server.url, { forwardedFor: site.address() })

async function product(fields: Record<string, unknown>) {
  const res = await site.owner.json('POST', '/api/admin/products', {
    name: `Pre-order LP ${++n}`,
    price: '30',
    isActive: true,
    isFeatured: true,
    ...fields,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body as { id: string; name: string; inventory: number; preorderShipsOn: string | null }
}

const publicProduct = async (id: string) =>
  ((await site.fresh().json('GET', '/api/products')).body as any[]).find((p) => p.id === id)
const adminProduct = async (id: string) =>
  ((await site.owner.json('GET', '/api/admin/products?limit=200')).body as any[]).find((p) => p.id === id)

describe('pre-orders', () => {
  it('sells beyond stock up to the cap and not one more when eight fans buy at once', async () => {
    const lp = await product({ inventory: 2, preorderShipsOn: SHIPS, preorderCap: 3 })
    expect(await publicProduct(lp.id)).toMatchObject({ inventory: 2, preorder: { shipsOn: SHIPS, remaining: 3 } })

    const line = [{ productId: lp.id, quantity: 1, price: '30.00' }]
    const results = await Promise.all(Array.from({ length: 8 }, () => checkout(buyer(), line)))
    const paid = results.filter((r) => r.stage === 'capture' && r.body.status === 'paid')
    expect(paid).toHaveLength(5)
    for (const refused of results.filter((r) => !paid.includes(r))) {
      expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    }

    // The team sees the 3 units owed beyond stock; the public sees none left.
    expect(await adminProduct(lp.id)).toMatchObject({ inventory: -3, preorderShipsOn: SHIPS, preorderCap: 3 })
    expect(await publicProduct(lp.id)).toMatchObject({ inventory: 0, preorder: { shipsOn: SHIPS, remaining: 0 } })
    const late = await checkout(buyer(), line)
    expect(late.status).toBe(409)
    expect(JSON.stringify(late.body)).toContain('sold out')

    // A refund gives its unit back to the pre-order.
    const refunded = await site.owner.json('POST', `/api/admin/orders/${paid[0]!.orderId}/refund`)
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(await publicProduct(lp.id)).toMatchObject({ preorder: { remaining: 1 } })
  })

  it('the card says when it ships in the page as served, before any script runs', async () => {
    const lp = await product({ inventory: 0, preorderShipsOn: SHIPS })
    const deadline = Date.now() + 15_000
    let html = ''
    do {
      html = await (await fetch(`${site.server.url}/`)).text()
      if (html.includes(`${lp.name}</h3>`)) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    } while (Date.now() < deadline)
    const at = html.indexOf(`${lp.name}</h3>`)
    const card = html.slice(at, at + 2000)
    expect(card).toContain(`Pre-order: ships ${SHIPS_TEXT}`)
    expect(card).not.toContain('Sold Out')
  })
})

describe('pre-orders', () => {
  it('a mixed order: the confirmation says when everything ships, and the Orders tab filters and flags it', async () => {
    const lp = await product({ inventory: 0, preorderShipsOn: SHIPS })
    const tee = await product({ inventory: 5 })
    const mixed = await checkout(buyer(), [
      { productId: lp.id, quantity: 1, price: '30.00' },
      { productId: tee.id, quantity: 1, price: '30.00' },
    ])
    expect(mixed.body.status).toBe('paid')
    const inStock = await checkout(buyer(), [{ productId: tee.id, quantity: 1, price: '30.00' }])
    expect(inStock.body.status).toBe('paid')

    const email = await site.mailbox.waitFor((m) => Boolean(m.subject?.includes(mixed.orderId.slice(0, 8))))
    expect(email.text).toContain(`${lp.name}, Pre-order: ships ${SHIPS_TEXT}`)
    expect(email.text).toContain(`Your order holds pre-order items: everything ships together on ${SHIPS_TEXT}.`)
    expect(email.html).toContain(`everything ships together on ${SHIPS_TEXT}`)

    const ids = async (query: string) =>
      ((await site.owner.json('GET', `/api/admin/orders?limit=200${query}`)).body as any[]).map((o) => o.id)
    expect(await ids('&preorder=true')).toContain(mixed.orderId)
    expect(await ids('&preorder=true')).not.toContain(inStock.orderId)
    expect(await ids('&preorder=false')).toContain(inStock.orderId)
    expect(await ids('&preorder=false')).not.toContain(mixed.orderId)
    const [order] = (await site.owner.json('GET', `/api/admin/orders?q=${mixed.orderId.slice(0, 8)}`)).body
    expect(order.preorder).toEqual({ shipsOn: SHIPS, mixed: true })
    expect(order.items.map((i: any) => i.preorderShipsOn)).toEqual([SHIPS, null])
    expect((await site.owner.json('GET', '/api/admin/orders?preorder=maybe')).status).toBe(400)
  })

  it('a size on pre-order; bad settings and ending a pre-order with units owed are refused with field messages', async () => {
    const tee = await product({})
    const size = async (value: string, body: Record<string, unknown>) =>
      site.owner.json('POST', `/api/admin/products/${tee.id}/options`, { name: 'Size', value, ...body })
    const m = await size('M', { inventory: 0, preorderShipsOn: SHIPS, preorderCap: 1 })
    expect(m.status, JSON.stringify(m.body)).toBe(201)
    const l = await size('L', { inventory: 0 })
    expect((await size('XL', { preorderShipsOn: '2027-02-30' })).body.errors).toEqual({
      preorderShipsOn: 'Enter the ship date as YYYY-MM-DD.',
    })
    expect((await size('XL', { preorderCap: -1 })).status).toBe(400)

    const line = (optionId: string) => [{ productId: tee.id, productOptionId: optionId, quantity: 1, price: '30.00' }]
    expect((await checkout(buyer(), line(m.body.id))).body.status).toBe('paid')
    expect((await checkout(buyer(), line(m.body.id))).status).toBe(409)
    expect((await checkout(buyer(), line(l.body.id))).status).toBe(409)
    const options = (await site.fresh().json('GET', `/api/products/${tee.id}/options`)).body as any[]
    expect(options.find((o) => o.id === m.body.id)).toMatchObject({ inventory: 0, preorder: { remaining: 0 } })
    expect(options.find((o) => o.id === l.body.id)).toMatchObject({ inventory: 0, preorder: null })

    const put = (body: Record<string, unknown>) =>
      site.owner.json('PUT', `/api/admin/products/options/${m.body.id}`, body)
    const current = async () =>
      (await site.owner.json('GET', `/api/admin/products/${tee.id}/options`)).body.find((o: any) => o.id === m.body.id)
    // One unit is owed: the pre-order cannot end (or its cap drop below 1) until stock arrives.
    const ended = await put({ preorderShipsOn: '', updatedAt: (await current()).updatedAt })
    expect(ended.status).toBe(400)
    expect(JSON.stringify(ended.body)).toContain('1 pre-ordered unit is not in stock yet')
    const lowered = await put({ preorderCap: 0, updatedAt: (await current()).updatedAt })
    expect(lowered.status).toBe(400)
    expect((await current()).preorderShipsOn).toBe(SHIPS)
    // 20 arrive, one of them goes to the pre-order buyer: stock 19, and then the pre-order ends.
    const restocked = await put({ inventory: 19, preorderShipsOn: null, updatedAt: (await current()).updatedAt })
    expect(restocked.status, JSON.stringify(restocked.body)).toBe(200)
    expect(restocked.body).toMatchObject({ inventory: 19, preorderShipsOn: null, preorder: null })
  })
})
