import crypto from 'node:crypto'

import { expect } from 'vitest'

import type { AdminSite } from '../../helpers/adminSite'
import { unique } from '../../helpers/unique'

/** A line of a till sale, or of the catalogue the till reads. */
export type Item = { productId: string; productOptionId: string | null; quantity: number; unitPrice: string }

/** An item of the box: a product, in one size or none. */
export type BoxItem = { productId: string; productOptionId: string | null }

/** A sale as the till sends it: a fresh id, now, cash unless `more` says otherwise. */
export const sale = (items: Item[], more: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  at: new Date().toISOString(),
  items,
  payment: 'cash',
  ...more,
})

/** Sale bodies the server refuses, each with the field its message is on ('' for none). */
export function badSales(line: Item): [unknown, string][] {
  return [
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
}

/** The shows, till links, products and sales a till test makes, through the team API and the till's own. */
export function tillSteps(site: AdminSite) {
  async function newShow(date = new Date().toISOString().slice(0, 10)) {
    const made = await site.owner.json('POST', '/api/admin/shows', {
      title: `Table Night ${unique()}`,
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
      name: `Table Tee ${unique()}`,
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

  const post = (token: string, body: unknown) => site.fresh().json('POST', `/api/till/${token}/sales`, body)

  /** The show a till link belongs to. */
  async function showOf(token: string) {
    return (await site.fresh().json('GET', `/api/till/${token}/catalog`)).body.show.id as string
  }

  return { newShow, newTill, newProduct, post, showOf }
}

/** The steps of a whole night at the merch table: the venue's cut and the count-in, the sales, the count-out. */
export function nightSteps(site: AdminSite) {
  const post = (token: string, body: unknown) => site.fresh().json('POST', `/api/till/${token}/sales`, body)

  /** A 15% venue cut, then 6 tees in M and 3 in L counted into the box. */
  async function openNight(showId: string, M: BoxItem, L: BoxItem) {
    const cut = await site.owner.json('PUT', `/api/admin/shows/${showId}/venue-cut`, { percent: 15 })
    const counted = await site.owner.json('PUT', `/api/admin/shows/${showId}/count-in`, {
      lines: [
        { ...M, quantity: 6 },
        { ...L, quantity: 3 },
      ],
    })
    return { cut, counted }
  }

  /**
   * Five sales (2 M cash; 1 L and 2 posters by card with a 5.00 discount; 1 M cash; 1 L comped; 1 M
   * by card), then the third voided. Answers each sale's status and the void's.
   */
  async function sellTheNight(token: string, M: BoxItem, L: BoxItem, P: BoxItem) {
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
    const sold: number[] = []
    for (const s of [s1, s2, s3, s4, s5]) sold.push((await post(token, s)).status)
    const voided = await site.fresh().json('POST', `/api/till/${token}/sales/${s3.id}/void`, { reason: 'Wrong size' })
    return { sold, voided: voided.status }
  }

  /** The manager counts 2 M and 1 L left in the box and 48.00 in cash. */
  function countOut(showId: string, M: BoxItem, L: BoxItem) {
    return site.manager.json('PUT', `/api/admin/shows/${showId}/count-out`, {
      lines: [
        { ...M, quantity: 2 },
        { ...L, quantity: 1 },
      ],
      cashCounted: '48.00',
    })
  }

  return { openNight, sellTheNight, countOut }
}
