import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'

/** Sizes edited in place (PUT /api/admin/products/options/{id}) and theme colours checked on every path. */

const site = useAdminSite({ viewer: true, restores: ['/api/admin/theme-settings'] })
const { fresh } = site

async function sizedTee() {
  const product = await site.owner.json('POST', '/api/admin/products', {
    name: `Restock Tee ${Math.random().toString(36).slice(2, 8)}`,
    price: '25.00',
    isFeatured: true,
  })
  expect(product.status).toBe(201)
  const option = async (value: string, inventory: number) => {
    const res = await site.owner.json('POST', `/api/admin/products/${product.body.id}/options`, { value, inventory })
    expect(res.status).toBe(201)
    return res.body as { id: string; updatedAt: string; inventory: number }
  }
  return { product: product.body as { id: string; name: string }, m: await option('M', 3), l: await option('L', 0) }
}

/** Whether the public page offers the option `id` for sale (its size is not marked sold out). */
async function onSale(optionId: string): Promise<boolean> {
  const html = await (await fresh().get('/')).text()
  const label = new RegExp(`value="${optionId}"[^]*?</label>`).exec(html)?.[0]
  expect(label, 'the option is on the page').toBeTruthy()
  return !label!.includes('sold out')
}

describe('PUT /api/admin/products/options/{optionId}', () => {
  it('owner and manager edit value, adjustment, stock and active; viewer 403; anonymous 401', async () => {
    const { l } = await sizedTee()
    const owner = await site.owner.json('PUT', `/api/admin/products/options/${l.id}`, {
      value: 'Large',
      priceAdjustment: '2',
      inventory: '8',
      isActive: false,
    })
    expect(owner.status).toBe(200)
    expect(owner.body).toMatchObject({ value: 'Large', priceAdjustment: '2.00', inventory: 8, isActive: false })
    const manager = await site.manager.json('PUT', `/api/admin/products/options/${l.id}`, { inventory: 9 })
    expect(manager.status).toBe(200)
    expect(manager.body).toMatchObject({ value: 'Large', inventory: 9 })

    expect((await site.viewer.json('PUT', `/api/admin/products/options/${l.id}`, { inventory: 1 })).status).toBe(403)
    expect((await fresh().json('PUT', `/api/admin/products/options/${l.id}`, { inventory: 1 })).status).toBe(401)
    const missing = '00000000-0000-4000-8000-000000000000'
    expect((await site.owner.json('PUT', `/api/admin/products/options/${missing}`, { inventory: 1 })).status).toBe(404)
  })

  it('a save from a stale version answers 409 and changes nothing', async () => {
    const { l } = await sizedTee()
    const first = await site.owner.json('PUT', `/api/admin/products/options/${l.id}`, {
      inventory: 5,
      updatedAt: l.updatedAt,
    })
    expect(first.status).toBe(200)
    const stale = await site.manager.json('PUT', `/api/admin/products/options/${l.id}`, {
      inventory: 50,
      updatedAt: l.updatedAt,
    })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toMatch(/changed by someone else/)
    const current = await site.owner.json('PUT', `/api/admin/products/options/${l.id}`, {
      updatedAt: first.body.updatedAt,
    })
    expect(current.status).toBe(200)
    expect(current.body.inventory).toBe(5)
  })

  it('bad values answer 400 with a message per field', async () => {
    const { l } = await sizedTee()
    const bad = await site.owner.json('PUT', `/api/admin/products/options/${l.id}`, {
      value: '  ',
      priceAdjustment: 'two dollars',
      inventory: -3,
      isActive: 'yes',
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors).sort()).toEqual(['inventory', 'isActive', 'priceAdjustment', 'value'])
    expect(bad.body.errors.inventory).toBe('Stock must be a whole number of 0 or more')
    expect((await site.owner.json('PUT', `/api/admin/products/options/${l.id}`, { inventory: 1.5 })).status).toBe(400)
  })

  it('after a restock the size is on sale on / within 2 s', async () => {
    const { l, m } = await sizedTee()
    expect(await onSale(m.id)).toBe(true)
    expect(await onSale(l.id)).toBe(false)
    const restocked = await site.owner.json('PUT', `/api/admin/products/options/${l.id}`, { inventory: 12 })
    expect(restocked.status).toBe(200)
    const start = Date.now()
    while (!(await onSale(l.id))) {
      expect(Date.now() - start, 'the restocked size is on sale within 2 s').toBeLessThan(2000)
      await new Promise((r) => setTimeout(r, 100))
    }
    // Selling out again is shown just as fast.
    expect((await site.owner.json('PUT', `/api/admin/products/options/${l.id}`, { inventory: 0 })).status).toBe(200)
    const again = Date.now()
    while (await onSale(l.id)) {
      expect(Date.now() - again).toBeLessThan(2000)
      await new Promise((r) => setTimeout(r, 100))
    }
  })
})

describe('theme colours', () => {
  it('PUT /api/admin/theme-settings refuses a colour that is not CSS with 400 and the field message', async () => {
    const res = await site.owner.json('PUT', '/api/admin/theme-settings', { cardColor: 'dark blue-ish' })
    expect(res.status).toBe(400)
    expect(res.body.errors.cardColor).toMatch(/not a CSS colour/)
    for (const colour of [
      '#7c3aed',
      'hsl(262,83%,58%)',
      'hsl(262 83% 58%)',
      'rgb(1, 2, 3)',
      'oklch(0.5 0.1 200)',
      'rebeccapurple',
    ]) {
      const ok = await site.owner.json('PUT', '/api/admin/theme-settings', { cardColor: colour })
      expect(ok.status, `${colour}: ${JSON.stringify(ok.body)}`).toBe(200)
    }
    for (const colour of ['#12345', 'hsl(262,83%)', 'red; background: url(x)', 'blue-ish']) {
      expect((await site.owner.json('PUT', '/api/admin/theme-settings', { primaryColor: colour })).status).toBe(400)
    }
  })

  it('colours written through /api/cms are refused too', async () => {
    const res = await site.owner.json('POST', '/api/cms/globals/theme-settings', { foregroundColor: 'dark blue-ish' })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toMatch(/not a CSS colour/)
    const theme = await fresh().json('GET', '/api/theme-settings')
    expect(theme.body.foregroundColor).not.toBe('dark blue-ish')
  })
})

describe("/cms in the band's words", () => {
  it('labels fields for people, shows amounts in USD and links back to /admin', async () => {
    const res = await site.owner.get('/cms/collections/products/create')
    expect(res.status).toBe(200)
    const html = await res.text()
    for (const label of ['Price (USD)', 'Stock', 'Active', 'Featured', 'Image', 'Back to the team dashboard'])
      expect(html, label).toContain(label)
    for (const developerWord of ['Image Url', 'Is Featured', 'Product Id'])
      expect(html, developerWord).not.toContain(developerWord)
    const option = await (await site.owner.get('/cms/collections/product-options/create')).text()
    expect(option).toContain('Price adjustment (USD)')
    expect(option).not.toContain('Product Id')
  })
})
