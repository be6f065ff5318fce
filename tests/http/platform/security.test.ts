import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Buyer, checkout, createShirt, orderBody } from '../../helpers/checkout'
import { member as acceptedMember } from '../../helpers/site'
import { unique } from '../../helpers/unique'

/** Attacks a security review sent to the production server on orders, records and pages, each refused. */

// The worker's shared site: the band profile and theme that the stale-form tests save are put back.
const site = useAdminSite({ db: true, restores: ['/api/admin/band-profile', '/api/admin/theme-settings'] })
const address = () => site.address()
const buyer = () => new Buyer(site.server.url, { forwardedFor: address() })
const member = (email: string, role: 'manager' | 'viewer') => acceptedMember(site, email, role, address())

/** A paid order of one shirt, bought with the built-in test provider. */
async function paidOrder(stock = 5) {
  const shirt = await createShirt(site.owner, { price: 25, stock })
  const result = await checkout(buyer(), [
    { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' },
  ])
  expect(result).toMatchObject({ stage: 'capture', status: 200, body: { status: 'paid' } })
  return { shirt, orderId: result.orderId }
}

describe('DELETE /api/admin/orders/{id}', () => {
  it('a paid order cannot be deleted (409) and keeps its record', async () => {
    const { orderId } = await paidOrder()
    const res = await site.owner.json('DELETE', `/api/admin/orders/${orderId}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/refund/i)
    expect((await site.db.order(orderId)).status).toBe('paid')
    expect(await site.db.items(orderId)).toHaveLength(1)
  })

  it('a pending order with a pending capture cannot be deleted; one that never reached payment can', async () => {
    const shirt = await createShirt(site.owner, { price: 25 })
    const line = [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]
    const held = await checkout(buyer(), line, { testOutcome: 'pending' })
    expect(held).toMatchObject({ stage: 'capture', body: { status: 'pending' } })
    expect((await site.owner.json('DELETE', `/api/admin/orders/${held.orderId}`)).status).toBe(409)
    expect(await site.db.order(held.orderId)).toBeTruthy()

    const unpaid = await buyer().json('POST', '/api/orders', orderBody(line))
    expect((await site.owner.json('DELETE', `/api/admin/orders/${unpaid.body.id}`)).status).toBe(200)
    expect(await site.db.order(unpaid.body.id)).toBeUndefined()

    const declined = await checkout(buyer(), line, { testOutcome: 'declined' })
    expect(declined.body.status).toBe('failed')
    expect((await site.owner.json('DELETE', `/api/admin/orders/${declined.orderId}`)).status).toBe(200)
  })
})

describe('POST /api/admin/orders/{id}/refund', () => {
  it('refunds a paid order through the test provider: status refunded, stock back, the buyer emailed', async () => {
    const { shirt, orderId } = await paidOrder()
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
    const res = await site.owner.json('POST', `/api/admin/orders/${orderId}/refund`)
    expect(res).toMatchObject({ status: 200, body: { id: orderId, status: 'refunded' } })
    expect((await site.db.order(orderId)).status).toBe('refunded')
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
    expect(await site.db.refundEmails(orderId)).toHaveLength(1)
    expect((await site.owner.json('POST', `/api/admin/orders/${orderId}/refund`)).status).toBe(409)
    expect(await site.db.optionStock(shirt.optionId)).toBe(5)
  })

  it('a shipped order can be refunded; a pending one cannot; a viewer may not refund', async () => {
    const { orderId } = await paidOrder()
    expect((await site.owner.json('PUT', `/api/admin/orders/${orderId}/status`, { status: 'shipped' })).status).toBe(
      200,
    )
    const viewer = await member(`refund.viewer${unique()}@example.com`, 'viewer')
    expect((await viewer.client.json('POST', `/api/admin/orders/${orderId}/refund`)).status).toBe(403)
    expect((await site.owner.json('POST', `/api/admin/orders/${orderId}/refund`)).body.status).toBe('refunded')

    const shirt = await createShirt(site.owner, { price: 25 })
    const unpaid = await buyer().json(
      'POST',
      '/api/orders',
      orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
    )
    expect((await site.owner.json('POST', `/api/admin/orders/${unpaid.body.id}/refund`)).status).toBe(409)
  })
})

describe('a stale dashboard form', () => {
  it('saving a product loaded before a sale answers 409 and keeps the sold stock', async () => {
    const created = await site.owner.json('POST', '/api/admin/products', {
      name: 'Stale Tee',
      price: '20.00',
      inventory: 10,
      isActive: true,
    })
    expect(created.status).toBe(201)
    const loaded = created.body
    const sale = await checkout(buyer(), [{ productId: loaded.id, quantity: 1, price: '20.00' }])
    expect(sale.body.status).toBe('paid')
    expect(await site.db.productStock(loaded.id)).toBe(9)
    const { id: _id, createdAt: _c, ...form } = loaded
    const stale = await site.owner.json('PUT', `/api/admin/products/${loaded.id}`, {
      ...form,
      description: 'Now in organic cotton',
    })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toBe(
      'This item was changed by someone else since you opened it. It has been reloaded: check it and save again.',
    )
    expect(await site.db.productStock(loaded.id)).toBe(9)

    // Reloaded, a save of the description alone keeps the stock as it is.
    const fresh = (await site.owner.json('GET', '/api/admin/products')).body.find(
      (p: { id: string }) => p.id === loaded.id,
    )
    const { inventory: _inventory, id: _i, createdAt: _cc, ...edit } = fresh
    const saved = await site.owner.json('PUT', `/api/admin/products/${loaded.id}`, {
      ...edit,
      description: 'Now in organic cotton',
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({ description: 'Now in organic cotton', inventory: 9 })
  })

  it('a stale save of a link, a show, the band profile or the theme answers 409', async () => {
    const link = (await site.owner.json('POST', '/api/admin/links', { title: 'Shop', url: 'https://example.com/shop' }))
      .body
    const { id: _l, createdAt: _lc, ...linkForm } = link
    expect((await site.owner.json('PUT', `/api/admin/links/${link.id}`, { ...linkForm, title: 'Store' })).status).toBe(
      200,
    )
    expect(
      (await site.owner.json('PUT', `/api/admin/links/${link.id}`, { ...linkForm, title: 'Old title' })).status,
    ).toBe(409)

    const profile = (await site.owner.json('GET', '/api/admin/band-profile')).body
    const { id: _p, createdAt: _pc, ...profileForm } = profile
    expect(
      (await site.owner.json('PUT', '/api/admin/band-profile', { ...profileForm, name: 'First save' })).status,
    ).toBe(200)
    expect(
      (await site.owner.json('PUT', '/api/admin/band-profile', { ...profileForm, name: 'Stale save' })).status,
    ).toBe(409)

    const theme = (await site.owner.json('GET', '/api/admin/theme-settings')).body
    const { id: _t, createdAt: _tc, ...themeForm } = theme
    expect(
      (await site.owner.json('PUT', '/api/admin/theme-settings', { ...themeForm, primaryColor: 'hsl(10,80%,50%)' }))
        .status,
    ).toBe(200)
    expect(
      (await site.owner.json('PUT', '/api/admin/theme-settings', { ...themeForm, primaryColor: 'hsl(20,80%,50%)' }))
        .status,
    ).toBe(409)
  })
})

describe('DELETE /api/admin/products/options/{optionId}', () => {
  it('an option that pending or paid orders refer to cannot be deleted (409); it can be deactivated', async () => {
    const { shirt, orderId } = await paidOrder()
    const res = await site.owner.json('DELETE', `/api/admin/products/options/${shirt.optionId}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Orders refer to this option, so it cannot be deleted. Deactivate it instead.')
    expect((await site.db.items(orderId))[0].product_option_id_id).toBe(shirt.optionId)
    expect(await site.db.optionStock(shirt.optionId)).toBe(4)
  })
})

describe('GET /api/products/{id}/options for ids that do not exist', () => {
  it('answers 404 and does not add a data-cache entry per id', async () => {
    const before = await cacheEntries()
    for (let i = 0; i < 25; i++) {
      const id = crypto.randomUUID()
      expect((await buyer().get(`/api/products/${id}/options`)).status).toBe(404)
    }
    expect((await cacheEntries()) - before).toBeLessThan(5)
  })
})

async function cacheEntries(): Promise<number> {
  const fs = await import('node:fs')
  const path = await import('node:path')
  const dir = path.resolve(import.meta.dirname, '../../../.next/cache/fetch-cache')
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0
}

describe('security headers', () => {
  it('every page sends CSP with frame-ancestors, X-Frame-Options, Referrer-Policy and nosniff; PayPal only on /checkout', async () => {
    for (const page of ['/', '/login', '/checkout', '/api/band-profile', '/no-such-page']) {
      const res = await buyer().get(page)
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp, page).toContain("frame-ancestors 'none'")
      expect(csp, page).toContain("object-src 'none'")
      expect(res.headers.get('x-frame-options'), page).toBe('DENY')
      expect(res.headers.get('referrer-policy'), page).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-content-type-options'), page).toBe('nosniff')
      // HSTS only in production over https; this server speaks plain http.
      expect(res.headers.get('strict-transport-security'), page).toBeNull()
      if (page === '/checkout') expect(csp).toMatch(/script-src[^;]*https:\/\/www\.paypal\.com/)
      else expect(csp, page).not.toContain('paypal')
    }
  })
})

describe('Content-Security-Policy without inline scripts', () => {
  const scriptSources = (csp: string) =>
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'script-src')
      ?.slice(1) ?? []
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter(([, attributes]) => !/type="application\/(ld\+)?json"/.test(attributes!))
      .map(([, attributes, text]) => ({ attributes: attributes!, text: text! }))

  it("no page's script-src allows 'unsafe-inline'", async () => {
    const pages = ['/', '/landing', '/merch', '/checkout', '/login', '/success', '/newsletter/subscribed']
    for (const page of [...pages, '/newsletter/failed', '/no-such-page', '/cms/login', '/api/band-profile']) {
      const res = await buyer().get(page)
      const sources = scriptSources(res.headers.get('content-security-policy') ?? '')
      expect(sources, page).toContain("'self'")
      expect(sources, page).not.toContain("'unsafe-inline'")
    }
  })

  it("the landing page's one inline script, its islands loader, is allowed by its hash, the same for everyone", async () => {
    const first = await buyer().get('/')
    const csp = first.headers.get('content-security-policy') ?? ''
    expect((await buyer().get('/')).headers.get('content-security-policy')).toBe(csp)
    const scripts = inlineScripts(await first.text())
    expect(scripts).toHaveLength(1)
    const hash = `'sha256-${createHash('sha256').update(scripts[0]!.text).digest('base64')}'`
    expect(scriptSources(csp)).toEqual(["'self'", hash])
  })

  it("every other page's inline scripts carry the nonce its policy names, new on every answer", async () => {
    const nonces = new Set<string>()
    for (const page of ['/checkout', '/login', '/success', '/newsletter/subscribed', '/no-such-page', '/cms/login']) {
      const res = await buyer().get(page)
      const nonce = scriptSources(res.headers.get('content-security-policy') ?? '')
        .find((s) => s.startsWith("'nonce-"))
        ?.slice(7, -1)
      expect(nonce, page).toBeTruthy()
      nonces.add(nonce!)
      const scripts = inlineScripts(await res.text())
      expect(scripts.length, page).toBeGreaterThan(0)
      for (const script of scripts) expect(script.attributes, page).toContain(`nonce="${nonce}"`)
    }
    expect(nonces.size).toBe(6)
  })
})
