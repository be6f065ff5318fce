import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { uploadPng } from '../../helpers/uploads'

/** The team API's content routes: products and their options, shows, the band profile and the theme. */

const site = useAdminSite({ restores: ['/api/admin/theme-settings', '/api/admin/band-profile'] })
const { fresh } = site

describe('content routes', () => {
  it('POST /api/admin/products answers the new product with its id; it shows publicly at once', async () => {
    const { status, body } = await site.owner.json('POST', '/api/admin/products', {
      name: 'Glow Tee',
      price: '19.9',
      inventory: '12',
      isFeatured: true,
      imageUrl: 'uploads/glow.png',
    })
    expect(status).toBe(201)
    expect(body).toMatchObject({
      name: 'Glow Tee',
      price: '19.90',
      inventory: 12,
      isFeatured: true,
      isActive: true,
      imageUrl: '/objects/uploads/glow.png',
    })
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    const featured = await fresh().json('GET', '/api/products?featured=true')
    expect(featured.body.map((p: { id: string }) => p.id)).toContain(body.id)

    const renamed = await site.owner.json('PUT', `/api/admin/products/${body.id}`, { name: 'Glow Tee v2', price: 21 })
    expect(renamed.body).toMatchObject({ name: 'Glow Tee v2', price: '21.00', inventory: 12 })
    expect(
      (await fresh().json('GET', '/api/products?featured=true')).body.find((p: { id: string }) => p.id === body.id)
        .name,
    ).toBe('Glow Tee v2')

    expect((await site.owner.json('DELETE', `/api/admin/products/${body.id}`)).status).toBe(200)
    expect((await fresh().json('GET', '/api/products')).body.map((p: { id: string }) => p.id)).not.toContain(body.id)
  })

  it('validation answers 400 with a message per field', async () => {
    const product = await site.owner.json('POST', '/api/admin/products', { price: 'abc' })
    expect(product.status).toBe(400)
    expect(Object.keys(product.body.errors).sort()).toEqual(['name', 'price'])
    const link = await site.owner.json('POST', '/api/admin/links', { title: ' ', url: 'javascript:alert(1)' })
    expect(link.status).toBe(400)
    expect(Object.keys(link.body.errors).sort()).toEqual(['title', 'url'])
    const band = await site.owner.json('PUT', '/api/admin/band-profile', { name: '' })
    expect(band.status).toBe(400)
    expect(band.body.errors.name).toBeTruthy()
    const show = await site.owner.json('POST', '/api/admin/shows', { title: 'x' })
    expect(show.status).toBe(400)
    expect(Object.keys(show.body.errors).sort()).toEqual(['date', 'venue'])
  })
})

describe('content routes', () => {
  it('unknown and malformed ids answer 404', async () => {
    const missing = '00000000-0000-4000-8000-000000000000'
    for (const [method, url] of [
      ['PUT', `/api/admin/links/${missing}`],
      ['DELETE', `/api/admin/links/${missing}`],
      ['PUT', '/api/admin/links/12'],
      ['PUT', `/api/admin/products/${missing}`],
      ['POST', `/api/admin/products/${missing}/duplicate`],
      ['POST', `/api/admin/products/${missing}/options`],
      ['DELETE', `/api/admin/products/options/${missing}`],
      ['DELETE', `/api/admin/orders/${missing}`],
      ['PUT', `/api/admin/shows/nope`],
      ['DELETE', `/api/admin/subscribers/${missing}`],
      ['PUT', `/api/admin/users/${missing}/role`],
      ['PUT', `/api/admin/orders/${missing}/status`],
    ] as const) {
      const body =
        method === 'DELETE'
          ? undefined
          : url.endsWith('role')
            ? { role: 'viewer' }
            : url.endsWith('status')
              ? { status: 'shipped' }
              : url.includes('options')
                ? { value: 'M' }
                : { title: 'x', name: 'x' }
      const res = await site.owner.request(method, url, body)
      expect(res.status, `${method} ${url}`).toBe(404)
    }
  })

  it('a show date from the date picker is kept as that day at noon UTC', async () => {
    const { status, body } = await site.manager.json('POST', '/api/admin/shows', {
      title: 'Noon Gig',
      venue: 'Club',
      date: '2031-03-09',
      time: '7:00 PM',
    })
    expect(status).toBe(201)
    expect(body.date).toBe('2031-03-09T12:00:00.000Z')
    const updated = await site.manager.json('PUT', `/api/admin/shows/${body.id}`, { date: '2031-03-10' })
    expect(updated.body.date).toBe('2031-03-10T12:00:00.000Z')
    expect((await fresh().json('GET', '/api/shows')).body.map((s: { id: string }) => s.id)).toContain(body.id)
  })

  it('band profile and theme saves show on the public routes on the next request', async () => {
    expect(
      (
        await site.manager.json('PUT', '/api/admin/band-profile', {
          name: 'Static Renamed',
          genre: 'Rock',
          bio: 'Loud.',
        })
      ).status,
    ).toBe(200)
    expect((await fresh().json('GET', '/api/band-profile')).body).toMatchObject({
      name: 'Static Renamed',
      genre: 'Rock',
    })
    expect((await site.manager.json('PUT', '/api/admin/theme-settings', { primaryColor: '#ff0066' })).status).toBe(200)
    expect((await fresh().json('GET', '/api/theme-settings')).body.primaryColor).toBe('#ff0066')
    expect((await site.owner.json('PUT', '/api/admin/band-profile', { name: 'The Midnight Static' })).status).toBe(200)
  })
})

describe('theme background image', () => {
  it('an uploaded background is saved as its lasting /objects/ path, not the upload URL', async () => {
    const uploadURL = await uploadPng(site.manager, 40, 30, '#336699')
    const saved = await site.manager.json('PUT', '/api/admin/theme-settings', { backgroundImage: uploadURL })
    expect(saved.status).toBe(200)
    expect(saved.body.backgroundImage).toMatch(/^\/objects\/media\/[\w-]+\.png$/)
    expect((await fresh().json('GET', '/api/theme-settings')).body.backgroundImage).toBe(saved.body.backgroundImage)
    expect((await fresh().get(saved.body.backgroundImage)).status).toBe(200)
    expect(
      (
        await site.manager.json('PUT', '/api/admin/theme-settings', {
          backgroundImage: 'https://tracker.example/pixel.png',
        })
      ).status,
    ).toBe(400)
    expect(
      (await site.manager.json('PUT', '/api/admin/theme-settings', { backgroundImage: null })).body.backgroundImage,
    ).toBeNull()
  })
})

describe('product options and duplicate', () => {
  it('option value must be non-blank; stock blank or invalid becomes 0; name defaults to Size', async () => {
    const product = (await site.owner.json('POST', '/api/admin/products', { name: 'Opt Tee', price: '10.00' })).body
    const blank = await site.owner.json('POST', `/api/admin/products/${product.id}/options`, { value: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.errors.value).toBe('Option value is required')
    const a = await site.owner.json('POST', `/api/admin/products/${product.id}/options`, {
      value: ' S ',
      inventory: '',
    })
    const b = await site.owner.json('POST', `/api/admin/products/${product.id}/options`, {
      value: 'M',
      inventory: 'lots',
      priceAdjustment: '1.5',
    })
    const c = await site.owner.json('POST', `/api/admin/products/${product.id}/options`, {
      name: 'Colour',
      value: 'Red',
      inventory: '7',
    })
    expect(a.body).toMatchObject({
      name: 'Size',
      value: 'S',
      inventory: 0,
      priceAdjustment: '0.00',
      productId: product.id,
    })
    expect(b.body).toMatchObject({ inventory: 0, priceAdjustment: '1.50' })
    expect(c.body).toMatchObject({ name: 'Colour', inventory: 7 })
    const list = await site.owner.json('GET', `/api/admin/products/${product.id}/options`)
    expect(list.body.map((o: { value: string }) => o.value)).toEqual(['S', 'M', 'Red'])
    expect((await site.owner.json('DELETE', `/api/admin/products/options/${a.body.id}`)).status).toBe(200)
    expect(
      (await fresh().json('GET', `/api/products/${product.id}/options`)).body.map((o: { value: string }) => o.value),
    ).toEqual(['M', 'Red'])
  })

  it("duplicating a product with 3 options makes '<name> (Copy)' with 3 options", async () => {
    const product = (
      await site.owner.json('POST', '/api/admin/products', {
        name: 'Dupe Hoodie',
        price: '45.00',
        category: 'Apparel',
        inventory: 4,
      })
    ).body
    for (const value of ['S', 'M', 'L'])
      await site.owner.post(`/api/admin/products/${product.id}/options`, {
        value,
        inventory: 5,
        priceAdjustment: value === 'L' ? '2.00' : '0.00',
      })
    const { status, body } = await site.manager.json('POST', `/api/admin/products/${product.id}/duplicate`)
    expect(status).toBe(201)
    expect(body.optionsCopied).toBe(3)
    expect(body.product).toMatchObject({
      name: 'Dupe Hoodie (Copy)',
      price: '45.00',
      category: 'Apparel',
      inventory: 4,
    })
    expect(body.product.id).not.toBe(product.id)
    const copies = await site.owner.json('GET', `/api/admin/products/${body.product.id}/options`)
    expect(
      copies.body.map((o: { value: string; priceAdjustment: string }) => `${o.value}:${o.priceAdjustment}`),
    ).toEqual(['S:0.00', 'M:0.00', 'L:2.00'])
    const originals = await site.owner.json('GET', `/api/admin/products/${product.id}/options`)
    expect(originals.body).toHaveLength(3)
  })
})

describe('stable keys', () => {
  const keyOf = async (collection: 'links' | 'products' | 'product-options', id: string) =>
    ((await site.payload.findByID({ collection, id, depth: 0, overrideAccess: true })) as { key: string }).key

  it('a link keeps the key it was made with through team API edits; a /cms PATCH cannot change it', async () => {
    const link = await site.manager.json('POST', '/api/admin/links', {
      title: 'Tickets',
      url: 'https://tickets.example/',
      key: 'chosen-by-the-client',
    })
    expect(link.status).toBe(201)
    const key = await keyOf('links', link.body.id)
    expect(key).toMatch(/^[0-9a-f-]{36}$/)

    const edited = await site.manager.json('PUT', `/api/admin/links/${link.body.id}`, {
      title: 'Tour',
      key: 'changed-by-the-team-api',
    })
    expect(edited.status).toBe(200)
    expect(await keyOf('links', link.body.id)).toBe(key)

    const patched = await site.owner.json('PATCH', `/api/cms/links/${link.body.id}`, {
      title: 'Tour dates',
      key: 'changed-through-cms',
    })
    expect(patched.status).toBe(200)
    expect(patched.body.doc).toMatchObject({ title: 'Tour dates', key })
    expect(await keyOf('links', link.body.id)).toBe(key)

    const created = await site.owner.json('POST', '/api/cms/links', {
      title: 'Merch',
      url: 'https://merch.example/',
      key,
    })
    expect(created.status).toBe(201)
    expect(created.body.doc.key).not.toBe(key)
  })

  it('a duplicated product and its options get new keys', async () => {
    const product = (await site.owner.json('POST', '/api/admin/products', { name: 'Key Tee', price: '10.00' })).body
    const option = (await site.owner.json('POST', `/api/admin/products/${product.id}/options`, { value: 'M' })).body
    const { body } = await site.manager.json('POST', `/api/admin/products/${product.id}/duplicate`)
    expect(await keyOf('products', body.product.id)).not.toBe(await keyOf('products', product.id))
    const copies = await site.owner.json('GET', `/api/admin/products/${body.product.id}/options`)
    expect(await keyOf('product-options', copies.body[0].id)).not.toBe(await keyOf('product-options', option.id))
  })
})
