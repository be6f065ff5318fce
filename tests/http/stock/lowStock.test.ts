import crypto from 'node:crypto'

import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'

/**
 * Low-stock alerts on the production server: when a size (or a product without sizes) falls to
 * its product's threshold (3 unless set), the notification addresses get one email for that
 * crossing, whichever way the stock moved, and none for the sales after it; a restock above the
 * threshold makes the next fall a new crossing.
 */

const site = useAdminSite({ db: true, restores: ['/api/admin/theme-settings'] })
let token: string
let n = 0

beforeAll(async () => {
  const settings = await site.owner.json('PUT', '/api/admin/theme-settings', {
    notificationEmail: 'stock@band.example, merch@band.example',
  })
  expect(settings.status, JSON.stringify(settings.body)).toBe(200)
  const show = await site.owner.json('POST', '/api/admin/shows', {
    title: 'Stock Night',
    venue: 'Club',
    date: new Date().toISOString().slice(0, 10),
  })
  token = (await site.owner.json('POST', `/api/admin/shows/${show.body.id}/tills`, {})).body.token
})

/** Sells `quantity` at the merch table, at the item's catalogue price. */
async function sell(productId: string, productOptionId: string | null, quantity = 1, unitPrice = '25.00') {
  const sold = await site.fresh().json('POST', `/api/till/${token}/sales`, {
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    items: [{ productId, productOptionId, quantity, unitPrice }],
    payment: 'cash',
  })
  expect(sold.status, JSON.stringify(sold.body)).toBe(201)
}

const alertsFor = (title: string) => site.mailbox.messages.filter((m) => m.subject?.startsWith(`Low stock: ${title}`))
/** Gives the job runner (every 2 s) time to send anything due. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5000))

describe('low-stock alerts', () => {
  it('one email per crossing of a size, to every notification address; a restock re-arms it', async () => {
    const name = `Alert Tee ${++n}`
    const product = await site.owner.json('POST', '/api/admin/products', { name, price: '25', isActive: true })
    expect(product.status).toBe(201)
    expect(product.body.lowStockThreshold).toBe(3)
    const option = await site.owner.json('POST', `/api/admin/products/${product.body.id}/options`, {
      name: 'Size',
      value: 'M',
      inventory: 5,
    })
    const M = option.body.id as string
    await sell(product.body.id, M) // 4 left: above the threshold
    await settle()
    expect(alertsFor(name)).toHaveLength(0)

    await sell(product.body.id, M) // 3 left: the crossing
    const first = await site.mailbox.waitFor((m) => m.subject === `Low stock: ${name}: M (3 left)`)
    expect(first.text).toContain('at or below its alert level of 3')
    await sell(product.body.id, M) // 2 left: no new email
    await sell(product.body.id, M, 2) // none left: no new email
    await settle()
    expect(alertsFor(name).map((m) => m.subject)).toEqual([
      `Low stock: ${name}: M (3 left)`,
      `Low stock: ${name}: M (3 left)`,
    ])
    expect(new Set(alertsFor(name).flatMap((m) => (Array.isArray(m.to) ? m.to : [m.to!]).map((a) => a.text)))).toEqual(
      new Set(['stock@band.example', 'merch@band.example']),
    )

    // Restocked above the threshold in the dashboard, then set down to 1 there: a new crossing.
    expect((await site.owner.json('PUT', `/api/admin/products/options/${M}`, { inventory: 10 })).status).toBe(200)
    await settle()
    expect(alertsFor(name)).toHaveLength(2)
    expect((await site.owner.json('PUT', `/api/admin/products/options/${M}`, { inventory: 1 })).status).toBe(200)
    await site.mailbox.waitFor((m) => m.subject === `Low stock: ${name}: M (1 left)`)
    await settle()
    expect(alertsFor(name)).toHaveLength(4)
  })

  it('a product without sizes uses its own threshold, 0 alerts when it sells out, and bad thresholds are 400', async () => {
    const name = `Alert Poster ${++n}`
    const product = await site.owner.json('POST', '/api/admin/products', {
      name,
      price: '10',
      inventory: 2,
      lowStockThreshold: 0,
      isActive: true,
    })
    expect(product.status, JSON.stringify(product.body)).toBe(201)
    await sell(product.body.id, null, 1, '10.00')
    await settle()
    expect(alertsFor(name)).toHaveLength(0)
    await sell(product.body.id, null, 1, '10.00')
    await site.mailbox.waitFor((m) => m.subject === `Low stock: ${name} (none left)`)

    const bad = await site.owner.json('PUT', `/api/admin/products/${product.body.id}`, { lowStockThreshold: -1 })
    expect(bad.status).toBe(400)
    expect(bad.body.errors.lowStockThreshold).toBe('Low-stock alert must be a whole number of 0 or more')
    const got = await site.owner.json('GET', '/api/admin/products')
    expect(got.body.find((p: { id: string }) => p.id === product.body.id).lowStockThreshold).toBe(0)
    // The public never sees the threshold.
    const publicProducts = await site.fresh().json('GET', '/api/products')
    expect(JSON.stringify(publicProducts.body)).not.toContain('lowStockThreshold')
  })
})
