import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Buyer, checkout, createShirt, Db, orderBody } from '../helpers/checkout'
import { Client } from '../helpers/http'
import { startServer, type TestServer } from '../helpers/server'

/** Attacks a security review sent to the production server, each refused. */

let server: TestServer
let owner: Client
let db: Db
let ip = 10
const address = () => `198.51.100.${ip++}`
const buyer = () => new Buyer(server.url, { forwardedFor: address() })

const OWNER = { email: 'owner@example.com', password: 'owner-password' }

beforeAll(async () => {
  server = await startServer({ OWNER_EMAIL: OWNER.email, OWNER_PASSWORD: OWNER.password })
  owner = new Client(server.url, { forwardedFor: '198.51.100.2' })
  expect((await owner.post('/api/auth/login', OWNER)).status).toBe(200)
  db = new Db(server.databaseUrl)
})
afterAll(async () => {
  await db?.end()
  await server?.stop()
})

/** Invites a team member through the dashboard's API and returns their invitation token. */
async function invite(email: string, role: 'manager' | 'viewer' = 'viewer') {
  const invited = await owner.json('POST', '/api/admin/users/invite', { email, role })
  expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300)
  return { token: new URL(invited.body.inviteUrl).searchParams.get('invite')!, id: invited.body.user.id as string }
}

/** A signed-in team member with the given role. */
async function member(email: string, role: 'manager' | 'viewer', password = 'member-password-1') {
  const { token, id } = await invite(email, role)
  const client = new Client(server.url, { forwardedFor: address() })
  expect((await client.post('/api/auth/accept-invite', { token, password })).status).toBe(200)
  return { client, id, password }
}

/** A paid order of one shirt, bought with the built-in test provider. */
async function paidOrder(stock = 5) {
  const shirt = await createShirt(owner, { price: 25, stock })
  const result = await checkout(buyer(), [
    { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' },
  ])
  expect(result).toMatchObject({ stage: 'capture', status: 200, body: { status: 'paid' } })
  return { shirt, orderId: result.orderId }
}

describe('sign-in lockout', () => {
  it('twelve wrong passwords for the owner from many addresses do not lock the real owner out', async () => {
    for (let i = 0; i < 12; i++) {
      const attacker = new Client(server.url, { forwardedFor: address() })
      const { status } = await attacker.json('POST', '/api/auth/login', {
        email: OWNER.email,
        password: `guess-${i}-wrong`,
      })
      expect(status).toBe(401)
    }
    const real = new Client(server.url, { forwardedFor: '198.51.100.250' })
    const { status } = await real.json('POST', '/api/auth/login', OWNER)
    expect(status).toBe(200)
  }, 60_000)
})

describe("invitations and Payload's own forgot-password", () => {
  it('a public forgot-password for an invited address leaves the invitation link working', async () => {
    const { token } = await invite('invited.fan@example.com')
    const forgot = await new Client(server.url, { forwardedFor: address(), origin: null }).json(
      'POST',
      '/api/cms/users/forgot-password',
      {
        email: 'invited.fan@example.com',
      },
    )
    expect(forgot.status).toBeLessThan(500)
    const accepted = await new Client(server.url, { forwardedFor: address() }).json('POST', '/api/auth/accept-invite', {
      token,
      password: 'invited-password-1',
    })
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    // Single use.
    const again = await new Client(server.url, { forwardedFor: address() }).json('POST', '/api/auth/accept-invite', {
      token,
      password: 'another-password-2',
    })
    expect(again.status).toBe(400)
  })

  it('inviting someone who has not accepted yet sends a fresh link; the old one stops working', async () => {
    const first = await invite('twice.invited@example.com')
    const second = await invite('twice.invited@example.com', 'manager')
    expect(second.id).toBe(first.id)
    const stale = await new Client(server.url, { forwardedFor: address() }).json('POST', '/api/auth/accept-invite', {
      token: first.token,
      password: 'twice-password-1',
    })
    expect(stale.status).toBe(400)
    const fresh = await new Client(server.url, { forwardedFor: address() }).json('POST', '/api/auth/accept-invite', {
      token: second.token,
      password: 'twice-password-1',
    })
    expect(fresh).toMatchObject({ status: 200, body: { user: { role: 'manager' } } })
    // Once accepted, inviting the address again is refused.
    expect(
      (await owner.json('POST', '/api/admin/users/invite', { email: 'twice.invited@example.com', role: 'viewer' }))
        .status,
    ).toBe(409)
  })

  it('the invitation token is not stored as it is, and an expired one is refused', async () => {
    const { token, id } = await invite('stored.token@example.com')
    const [row] = await db.query('SELECT * FROM users WHERE id = $1', [id])
    expect(Object.values(row).some((v) => typeof v === 'string' && v.includes(token))).toBe(false)
    await db.query(`UPDATE users SET invitation_expires_at = now() - interval '1 minute' WHERE id = $1`, [id])
    const late = await new Client(server.url, { forwardedFor: address() }).json('POST', '/api/auth/accept-invite', {
      token,
      password: 'late-password-1',
    })
    expect(late.status).toBe(400)
  })
})

describe('the password policy holds on every path', () => {
  it('a viewer cannot set a 3-character password through PATCH /api/cms/users/{id}', async () => {
    const viewer = await member('short.pw@example.com', 'viewer')
    const res = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      password: 'abc',
      currentPassword: viewer.password,
    })
    expect(res.status).toBe(400)
    const signIn = await new Client(server.url, { forwardedFor: address() }).json('POST', '/api/auth/login', {
      email: 'short.pw@example.com',
      password: 'abc',
    })
    expect(signIn.status).toBe(401)
  })

  it('changing your own password needs the current one', async () => {
    const viewer = await member('own.pw@example.com', 'viewer')
    const without = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, { password: 'brand-new-password' })
    expect(without.status).toBe(400)
    const wrong = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      password: 'brand-new-password',
      currentPassword: 'not-my-password',
    })
    expect(wrong.status).toBe(400)
    const fresh = () => new Client(server.url, { forwardedFor: address() })
    expect(
      (await fresh().json('POST', '/api/auth/login', { email: 'own.pw@example.com', password: 'brand-new-password' }))
        .status,
    ).toBe(401)
    const right = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      password: 'brand-new-password',
      currentPassword: viewer.password,
    })
    expect(right.status, JSON.stringify(right.body)).toBe(200)
    expect(
      (await fresh().json('POST', '/api/auth/login', { email: 'own.pw@example.com', password: 'brand-new-password' }))
        .status,
    ).toBe(200)
  })

  it("Payload's reset-password refuses a password shorter than 8 characters", async () => {
    await member('reset.pw@example.com', 'viewer')
    await new Client(server.url, { forwardedFor: address(), origin: null }).json(
      'POST',
      '/api/cms/users/forgot-password',
      { email: 'reset.pw@example.com' },
    )
    const [row] = await db.query('SELECT reset_password_token FROM users WHERE email = $1', ['reset.pw@example.com'])
    expect(row.reset_password_token).toBeTruthy()
    const reset = await new Client(server.url, { forwardedFor: address(), origin: null }).json(
      'POST',
      '/api/cms/users/reset-password',
      {
        token: row.reset_password_token,
        password: 'abc',
      },
    )
    expect(reset.status).toBe(400)
    expect(
      (
        await new Client(server.url, { forwardedFor: address() }).json('POST', '/api/auth/login', {
          email: 'reset.pw@example.com',
          password: 'abc',
        })
      ).status,
    ).toBe(401)
  })

  it("a viewer's profile image must be an uploaded file, not an outside URL", async () => {
    const viewer = await member('avatar@example.com', 'viewer')
    const outside = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      profileImageUrl: 'https://tracker.example/pixel.png',
    })
    expect(outside.status).toBe(400)
    const [row] = await db.query('SELECT profile_image_url FROM users WHERE id = $1', [viewer.id])
    expect(row.profile_image_url).toBeNull()
    const own = await viewer.client.json('PATCH', `/api/cms/users/${viewer.id}`, {
      profileImageUrl: '/objects/media/avatar.webp',
    })
    expect(own.status, JSON.stringify(own.body)).toBe(200)
  })
})

describe('session tokens stay in the cookie', () => {
  it("Payload's login and /me answer without the session token", async () => {
    const manager = await member('token.manager@example.com', 'manager')
    const c = new Client(server.url, { forwardedFor: address() })
    const login = await c.json('POST', '/api/cms/users/login', {
      email: 'token.manager@example.com',
      password: manager.password,
    })
    expect(login.status).toBe(200)
    expect(login.body.token).toBeUndefined()
    expect(c.cookie).toBeTruthy()
    const me = await c.json('GET', '/api/cms/users/me')
    expect(me.status).toBe(200)
    expect(me.body.user.email).toBe('token.manager@example.com')
    expect(me.body.token).toBeUndefined()
  })
})

describe('DELETE /api/admin/orders/{id}', () => {
  it('a paid order cannot be deleted (409) and keeps its record', async () => {
    const { orderId } = await paidOrder()
    const res = await owner.json('DELETE', `/api/admin/orders/${orderId}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toMatch(/refund/i)
    expect((await db.order(orderId)).status).toBe('paid')
    expect(await db.items(orderId)).toHaveLength(1)
  })

  it('a pending order with a pending capture cannot be deleted; one that never reached payment can', async () => {
    const shirt = await createShirt(owner, { price: 25 })
    const line = [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]
    const held = await checkout(buyer(), line, { testOutcome: 'pending' })
    expect(held).toMatchObject({ stage: 'capture', body: { status: 'pending' } })
    expect((await owner.json('DELETE', `/api/admin/orders/${held.orderId}`)).status).toBe(409)
    expect(await db.order(held.orderId)).toBeTruthy()

    const unpaid = await buyer().json('POST', '/api/orders', orderBody(line))
    expect((await owner.json('DELETE', `/api/admin/orders/${unpaid.body.id}`)).status).toBe(200)
    expect(await db.order(unpaid.body.id)).toBeUndefined()

    const declined = await checkout(buyer(), line, { testOutcome: 'declined' })
    expect(declined.body.status).toBe('failed')
    expect((await owner.json('DELETE', `/api/admin/orders/${declined.orderId}`)).status).toBe(200)
  })
})

describe('POST /api/admin/orders/{id}/refund', () => {
  it('refunds a paid order through the test provider: status refunded, stock back, the buyer emailed', async () => {
    const { shirt, orderId } = await paidOrder()
    expect(await db.optionStock(shirt.optionId)).toBe(4)
    const res = await owner.json('POST', `/api/admin/orders/${orderId}/refund`)
    expect(res).toMatchObject({ status: 200, body: { id: orderId, status: 'refunded' } })
    expect((await db.order(orderId)).status).toBe('refunded')
    expect(await db.optionStock(shirt.optionId)).toBe(5)
    const emails = await db.emailJobs('alex@example.com')
    expect(
      emails.filter((j) => j.input.subject === `Your order #${orderId.slice(0, 8)} has been refunded`),
    ).toHaveLength(1)
    expect((await owner.json('POST', `/api/admin/orders/${orderId}/refund`)).status).toBe(409)
    expect(await db.optionStock(shirt.optionId)).toBe(5)
  })

  it('a shipped order can be refunded; a pending one cannot; a viewer may not refund', async () => {
    const { orderId } = await paidOrder()
    expect((await owner.json('PUT', `/api/admin/orders/${orderId}/status`, { status: 'shipped' })).status).toBe(200)
    const viewer = await member('refund.viewer@example.com', 'viewer')
    expect((await viewer.client.json('POST', `/api/admin/orders/${orderId}/refund`)).status).toBe(403)
    expect((await owner.json('POST', `/api/admin/orders/${orderId}/refund`)).body.status).toBe('refunded')

    const shirt = await createShirt(owner, { price: 25 })
    const unpaid = await buyer().json(
      'POST',
      '/api/orders',
      orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
    )
    expect((await owner.json('POST', `/api/admin/orders/${unpaid.body.id}/refund`)).status).toBe(409)
  })
})

describe('a stale dashboard form', () => {
  it('saving a product loaded before a sale answers 409 and keeps the sold stock', async () => {
    const created = await owner.json('POST', '/api/admin/products', {
      name: 'Stale Tee',
      price: '20.00',
      inventory: 10,
      isActive: true,
    })
    expect(created.status).toBe(201)
    const loaded = created.body
    const sale = await checkout(buyer(), [{ productId: loaded.id, quantity: 1, price: '20.00' }])
    expect(sale.body.status).toBe('paid')
    expect(await db.productStock(loaded.id)).toBe(9)
    const { id: _id, createdAt: _c, ...form } = loaded
    const stale = await owner.json('PUT', `/api/admin/products/${loaded.id}`, {
      ...form,
      description: 'Now in organic cotton',
    })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toBe(
      'This item was changed by someone else since you opened it. It has been reloaded: check it and save again.',
    )
    expect(await db.productStock(loaded.id)).toBe(9)

    // Reloaded, a save of the description alone keeps the stock as it is.
    const fresh = (await owner.json('GET', '/api/admin/products')).body.find((p: { id: string }) => p.id === loaded.id)
    const { inventory: _inventory, id: _i, createdAt: _cc, ...edit } = fresh
    const saved = await owner.json('PUT', `/api/admin/products/${loaded.id}`, {
      ...edit,
      description: 'Now in organic cotton',
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({ description: 'Now in organic cotton', inventory: 9 })
  })

  it('a stale save of a link, a show, the band profile or the theme answers 409', async () => {
    const link = (await owner.json('POST', '/api/admin/links', { title: 'Shop', url: 'https://example.com/shop' })).body
    const { id: _l, createdAt: _lc, ...linkForm } = link
    expect((await owner.json('PUT', `/api/admin/links/${link.id}`, { ...linkForm, title: 'Store' })).status).toBe(200)
    expect((await owner.json('PUT', `/api/admin/links/${link.id}`, { ...linkForm, title: 'Old title' })).status).toBe(
      409,
    )

    const profile = (await owner.json('GET', '/api/admin/band-profile')).body
    const { id: _p, createdAt: _pc, ...profileForm } = profile
    expect((await owner.json('PUT', '/api/admin/band-profile', { ...profileForm, name: 'First save' })).status).toBe(
      200,
    )
    expect((await owner.json('PUT', '/api/admin/band-profile', { ...profileForm, name: 'Stale save' })).status).toBe(
      409,
    )

    const theme = (await owner.json('GET', '/api/admin/theme-settings')).body
    const { id: _t, createdAt: _tc, ...themeForm } = theme
    expect(
      (await owner.json('PUT', '/api/admin/theme-settings', { ...themeForm, primaryColor: 'hsl(10,80%,50%)' })).status,
    ).toBe(200)
    expect(
      (await owner.json('PUT', '/api/admin/theme-settings', { ...themeForm, primaryColor: 'hsl(20,80%,50%)' })).status,
    ).toBe(409)
  })
})

describe('DELETE /api/admin/products/options/{optionId}', () => {
  it('an option that pending or paid orders refer to cannot be deleted (409); it can be deactivated', async () => {
    const { shirt, orderId } = await paidOrder()
    const res = await owner.json('DELETE', `/api/admin/products/options/${shirt.optionId}`)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Orders refer to this option, so it cannot be deleted. Deactivate it instead.')
    expect((await db.items(orderId))[0].product_option_id_id).toBe(shirt.optionId)
    expect(await db.optionStock(shirt.optionId)).toBe(4)
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
  const dir = path.resolve(import.meta.dirname, '../../.next/cache/fetch-cache')
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
