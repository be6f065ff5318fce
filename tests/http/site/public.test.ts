import fs from 'node:fs'

import { beforeAll, describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Client } from '../../helpers/http'
import type { TestServer } from '../../helpers/server'
import { unique } from '../../helpers/unique'

// The worker's shared site, seeded with the demo content: the links, products and subscribers made
// here are the file's own, and the band profile and theme it saves are put back.
const site = useAdminSite({ restores: ['/api/admin/band-profile', '/api/admin/theme-settings'] })
let server: TestServer
let visitor: Client
let owner: Client
const n = unique()
/** The links of the demo content that a new site is seeded with. */
const DEMO_LINKS: { title: string; isActive: boolean }[] = JSON.parse(
  fs.readFileSync('content/demo-content.json', 'utf8'),
).links

beforeAll(() => {
  server = site.server
  visitor = site.fresh()
  owner = site.owner
})

/** Changes content through Payload's REST API as the owner, as /cms does (hooks refresh the public cache). */
async function cms(method: string, path: string, body?: unknown) {
  const { status, body: json } = await owner.json(method, `/api/cms${path}`, body)
  expect(status, JSON.stringify(json)).toBeLessThan(300)
  return json.doc ?? json
}

describe('GET / (the landing page)', () => {
  it('is static HTML whose only script is the islands module, served with a year of caching', async () => {
    const res = await visitor.request('GET', '/')
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('The Midnight Static')
    // None of the framework's client runtime or page payload.
    expect(html).not.toContain('__NEXT_DATA__')
    expect(html).not.toContain('self.__next_f')
    expect(html).not.toMatch(/<script[^>]*\ssrc=/)
    // The islands module is imported by a small inline loader after the first paint; the page's data
    // block names it.
    const scripts = [...html.matchAll(/"script":"(\/_next\/static\/islands\/islands-[A-Z0-9]+\.js)"/g)].map(
      (m) => m[1]!,
    )
    expect(scripts).toHaveLength(1)
    for (const island of ['TopBarActions', 'Bio', 'ShowToggle', 'Merch', 'Newsletter', 'Toasts'])
      expect(html, island).toContain(`data-island="${island}"`)

    const script = await visitor.request('GET', scripts[0]!)
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toMatch(/javascript/)
    expect(script.headers.get('cache-control')).toContain('immutable')
  })

  it("puts the band's theme after the site's stylesheet, so the theme wins", async () => {
    const html = await (await visitor.request('GET', '/')).text()
    const stylesheet = html.indexOf('rel="stylesheet"')
    expect(stylesheet).toBeGreaterThan(0)
    expect(html.indexOf('id="theme-settings"')).toBeGreaterThan(stylesheet)
  })
})

describe('GET /api/band-profile', () => {
  it('answers the seeded profile as a plain object', async () => {
    const { status, body } = await visitor.json('GET', '/api/band-profile')
    expect(status).toBe(200)
    expect(body).toMatchObject({ name: 'The Midnight Static', genre: 'Indie Rock', location: 'Portland, OR' })
    expect(body.bio.length).toBeGreaterThan(120)
    expect(body).not.toHaveProperty('docs')
  })

  it('shows a saved change on the next request', async () => {
    await cms('POST', '/globals/band-profile', { name: 'The Midnight Static (Live)' })
    expect((await visitor.json('GET', '/api/band-profile')).body.name).toBe('The Midnight Static (Live)')
    await cms('POST', '/globals/band-profile', { name: 'The Midnight Static' })
  })
})

describe('GET /api/links', () => {
  it('lists active links by order then title, with preset icons', async () => {
    const { status, body } = await visitor.json('GET', '/api/links')
    expect(status).toBe(200)
    expect(Array.isArray(body)).toBe(true)
    expect(body.length).toBeGreaterThanOrEqual(6)
    const orders = body.map((l: { order: number }) => l.order)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    // The demo content's links, as seeded (other files' links on the shared site may have no icon).
    const seeded = body.filter((l: { title: string }) => DEMO_LINKS.some((demo) => demo.title === l.title))
    expect(seeded).toHaveLength(DEMO_LINKS.filter((demo) => demo.isActive).length)
    for (const link of seeded) expect(link.icon).toMatch(/^fa-(brands|solid) fa-/)
  })

  it('hides an inactive link and sorts equal orders by title', async () => {
    const hidden = await cms('POST', '/links', {
      title: 'Secret demo',
      url: 'https://example.com/secret',
      order: 99,
      isActive: false,
    })
    await cms('POST', '/links', { title: `Zeta ${n}`, url: 'https://example.com/z', order: 50 })
    await cms('POST', '/links', { title: `Alpha ${n}`, url: 'https://example.com/a', order: 50 })
    const { body } = await visitor.json('GET', '/api/links')
    expect(body.find((l: { id: string }) => l.id === hidden.id)).toBeUndefined()
    const titles = body.map((l: { title: string }) => l.title)
    expect(titles.indexOf(`Alpha ${n}`)).toBeLessThan(titles.indexOf(`Zeta ${n}`))
  })
})

describe('GET /api/products', () => {
  it('?featured=true lists active featured products with money as two-decimal strings', async () => {
    const { status, body } = await visitor.json('GET', '/api/products?featured=true')
    expect(status).toBe(200)
    expect(body.length).toBeGreaterThanOrEqual(3)
    for (const p of body) {
      expect(p.isFeatured).toBe(true)
      expect(p.isActive).toBe(true)
      expect(p.price).toMatch(/^\d+\.\d{2}$/)
    }
    expect(
      body.some((p: { name: string; inventory: number }) => p.inventory === 0 && p.name === 'Signed Tour Poster'),
    ).toBe(true)
  })

  it('hides inactive products and non-featured ones from the featured list', async () => {
    const inactive = await cms('POST', '/products', { name: 'Old Tee', price: 10, isFeatured: true, isActive: false })
    const plain = await cms('POST', '/products', { name: 'Sticker', price: 2.5 })
    const { body } = await visitor.json('GET', '/api/products?featured=true')
    const ids = body.map((p: { id: string }) => p.id)
    expect(ids).not.toContain(inactive.id)
    expect(ids).not.toContain(plain.id)
    const all = await visitor.json('GET', '/api/products')
    expect(all.body.find((p: { id: string }) => p.id === plain.id)?.price).toBe('2.50')
  })
})

describe('GET /api/products/{id}/options', () => {
  it('lists the active size options of an active product', async () => {
    const { body: products } = await visitor.json('GET', '/api/products?featured=true')
    const tee = products.find((p: { name: string }) => p.name === 'Neon Lullabies Tour Tee')
    const { status, body } = await visitor.json('GET', `/api/products/${tee.id}/options`)
    expect(status).toBe(200)
    expect(body.map((o: { value: string }) => o.value)).toEqual(['S', 'M', 'L', 'XL'])
    expect(body[0]).toMatchObject({ productId: tee.id, name: 'Size', priceAdjustment: '0.00' })
    expect(body[3].priceAdjustment).toBe('2.00')
  })

  it('hides inactive options and answers 404 for inactive, unknown and malformed product ids', async () => {
    const product = await cms('POST', '/products', { name: 'Cap', price: 15 })
    await cms('POST', '/product-options', { productId: product.id, value: 'One size', inventory: 3 })
    await cms('POST', '/product-options', { productId: product.id, value: 'Kids', inventory: 3, isActive: false })
    expect(
      (await visitor.json('GET', `/api/products/${product.id}/options`)).body.map((o: { value: string }) => o.value),
    ).toEqual(['One size'])
    await cms('PATCH', `/products/${product.id}`, { isActive: false })
    expect((await visitor.get(`/api/products/${product.id}/options`)).status).toBe(404)
    expect((await visitor.get('/api/products/00000000-0000-4000-8000-000000000000/options')).status).toBe(404)
    for (const bad of ['abc', '1', '%27%20OR%201=1', 'x'.repeat(300)]) {
      const res = await visitor.get(`/api/products/${bad}/options`)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
    }
  })
})

describe('GET /api/theme-settings', () => {
  it('answers the defaults of the specification and never the notification email', async () => {
    await cms('POST', '/globals/theme-settings', { notificationEmail: 'band@example.com' })
    const { status, body } = await visitor.json('GET', '/api/theme-settings')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      backgroundColor: 'hsl(247,47%,9%)',
      foregroundColor: 'hsl(210,40%,98%)',
      primaryColor: 'hsl(262,83%,58%)',
      accentColor: 'hsl(217,91%,60%)',
      cardColor: 'hsl(247,39%,14%)',
      backgroundImage: null,
      backgroundStyle: 'cover',
      backgroundPosition: 'center',
      fontFamily: 'Inter',
      headerFontFamily: 'Inter',
      borderRadius: '0.75rem',
      cardOpacity: 1,
      customCss: null,
    })
    expect(body).not.toHaveProperty('notificationEmail')
    expect(JSON.stringify(body)).not.toContain('band@example.com')
  })
})

describe('GET /api/shows', () => {
  it('lists active shows from today on, soonest first, without past shows', async () => {
    const { status, body } = await visitor.json('GET', '/api/shows')
    expect(status).toBe(200)
    expect(body.length).toBeGreaterThanOrEqual(3)
    const dates = body.map((s: { date: string }) => Date.parse(s.date))
    expect(dates).toEqual([...dates].sort((a, b) => a - b))
    const startOfToday = new Date().setUTCHours(0, 0, 0, 0)
    for (const d of dates) expect(d).toBeGreaterThanOrEqual(startOfToday)
    expect(body.map((s: { title: string }) => s.title)).not.toContain('Hometown Warm-up')
  })

  it('hides an inactive show', async () => {
    const show = await cms('POST', '/shows', {
      title: 'Secret Show',
      venue: 'Basement',
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      isActive: false,
    })
    expect((await visitor.json('GET', '/api/shows')).body.map((s: { id: string }) => s.id)).not.toContain(show.id)
  })
})

describe('POST /api/newsletter/subscribe', () => {
  it('normalises the address and keeps one row when signing up twice', async () => {
    const fan = site.fresh()
    const first = await fan.json('POST', '/api/newsletter/subscribe', { email: `  Fan-${n}@Example.COM ` })
    const second = await fan.json('POST', '/api/newsletter/subscribe', { email: `fan-${n}@example.com` })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    const list = await cms('GET', `/subscribers?where[email][equals]=fan-${n}@example.com`)
    expect(list.docs.map((s: { email: string }) => s.email)).toEqual([`fan-${n}@example.com`])
  })

  it('answers 400 with the field message for a bad address', async () => {
    const fan = site.fresh()
    const { status, body } = await fan.json('POST', '/api/newsletter/subscribe', { email: 'not-an-email' })
    expect(status).toBe(400)
    expect(body.errors.email).toBe('Please enter a valid email address')
  })

  it('limits one client address to 10 sign-ups in 10 minutes, then answers 429', async () => {
    const flood = site.fresh()
    for (let i = 0; i < 10; i++) {
      expect((await flood.post('/api/newsletter/subscribe', { email: `flood${i}-${n}@example.com` })).status).toBe(200)
    }
    const limited = await flood.post('/api/newsletter/subscribe', { email: `flood10-${n}@example.com` })
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    const other = site.fresh()
    expect((await other.post('/api/newsletter/subscribe', { email: `other-${n}@example.com` })).status).toBe(200)
  })

  describe('posted natively by the form (before the page script runs)', () => {
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' }

    it('subscribes and sends the browser on to the success page, with no address in the URL', async () => {
      const fan = site.fresh()
      const res = await fan.post('/api/newsletter/subscribe', `email=Form.Fan-${n}%40Example.com`, form)
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/newsletter/subscribed')
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      const list = await cms('GET', `/subscribers?where[email][equals]=form.fan-${n}@example.com`)
      expect(list.docs).toHaveLength(1)
      const page = await visitor.get('/newsletter/subscribed')
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('Subscribed!')
      expect(html).toContain('Thank you for subscribing to our newsletter.')
      expect(html).toContain('Check your inbox to confirm your subscription.')
    })

    it('sends a refused sign-up (bad address, rate limit) to the error page, subscribing nobody', async () => {
      const fan = site.fresh()
      const bad = await fan.post('/api/newsletter/subscribe', 'email=not-an-email', form)
      expect(bad.status).toBe(303)
      expect(bad.headers.get('location')).toBe('/newsletter/failed')
      const flood = site.fresh()
      for (let i = 0; i < 10; i++)
        await flood.post('/api/newsletter/subscribe', `email=form-flood${i}-${n}%40example.com`, form)
      const limited = await flood.post('/api/newsletter/subscribe', `email=form-flood10-${n}%40example.com`, form)
      expect(limited.headers.get('location')).toBe('/newsletter/failed')
      const list = await cms('GET', `/subscribers?where[email][equals]=form-flood10-${n}@example.com`)
      expect(list.docs).toHaveLength(0)
      const page = await (await visitor.get('/newsletter/failed')).text()
      expect(page).toContain('Failed to subscribe. Please try again.')
    })

    it('refuses a form posted from another site', async () => {
      const stranger = new Client(server.url, { origin: 'https://evil.example', forwardedFor: site.address() })
      const res = await stranger.post('/api/newsletter/subscribe', 'email=victim%40example.com', form)
      expect(res.status).toBe(403)
    })

    it('answers any other result path with the 404 card', async () => {
      expect((await visitor.get('/newsletter/whatever')).status).toBe(404)
    })
  })
})
