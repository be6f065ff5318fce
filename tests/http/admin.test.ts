import { parse } from 'csv-parse/sync'
import sharp from 'sharp'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Client } from '../helpers/http'
import { payloadFor } from '../helpers/payload'
import { startServer, type TestServer } from '../helpers/server'
import { recipients, startMailbox, type Mailbox } from '../helpers/smtp'

let server: TestServer
let payload: Payload
let mailbox: Mailbox
let owner: Client
let manager: Client
let ip = 0
const fresh = () => new Client(server.url, { forwardedFor: `198.19.1.${++ip}` })

beforeAll(async () => {
  mailbox = await startMailbox()
  server = await startServer({
    OWNER_EMAIL: 'owner@example.com',
    OWNER_PASSWORD: 'owner-password',
    SMTP_URL: mailbox.url,
    MAIL_FROM: 'band@example.com',
  })
  payload = await payloadFor(server.databaseUrl)
  await payload.create({
    collection: 'users',
    data: { email: 'manager@example.com', password: 'manager-password', role: 'manager' } as never,
    overrideAccess: true,
  })
  owner = fresh()
  manager = fresh()
  expect((await owner.post('/api/auth/login', { email: 'owner@example.com', password: 'owner-password' })).status).toBe(
    200,
  )
  expect(
    (await manager.post('/api/auth/login', { email: 'manager@example.com', password: 'manager-password' })).status,
  ).toBe(200)
})
afterAll(async () => {
  await server?.stop()
  await mailbox?.close()
})

describe('content routes', () => {
  it('POST /api/admin/products answers the new product with its id; it shows publicly at once', async () => {
    const { status, body } = await owner.json('POST', '/api/admin/products', {
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

    const renamed = await owner.json('PUT', `/api/admin/products/${body.id}`, { name: 'Glow Tee v2', price: 21 })
    expect(renamed.body).toMatchObject({ name: 'Glow Tee v2', price: '21.00', inventory: 12 })
    expect(
      (await fresh().json('GET', '/api/products?featured=true')).body.find((p: { id: string }) => p.id === body.id)
        .name,
    ).toBe('Glow Tee v2')

    expect((await owner.json('DELETE', `/api/admin/products/${body.id}`)).status).toBe(200)
    expect((await fresh().json('GET', '/api/products')).body.map((p: { id: string }) => p.id)).not.toContain(body.id)
  })

  it('validation answers 400 with a message per field', async () => {
    const product = await owner.json('POST', '/api/admin/products', { price: 'abc' })
    expect(product.status).toBe(400)
    expect(Object.keys(product.body.errors).sort()).toEqual(['name', 'price'])
    const link = await owner.json('POST', '/api/admin/links', { title: ' ', url: 'javascript:alert(1)' })
    expect(link.status).toBe(400)
    expect(Object.keys(link.body.errors).sort()).toEqual(['title', 'url'])
    const band = await owner.json('PUT', '/api/admin/band-profile', { name: '' })
    expect(band.status).toBe(400)
    expect(band.body.errors.name).toBeTruthy()
    const show = await owner.json('POST', '/api/admin/shows', { title: 'x' })
    expect(show.status).toBe(400)
    expect(Object.keys(show.body.errors).sort()).toEqual(['date', 'venue'])
  })

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
      const res = await owner.request(method, url, body)
      expect(res.status, `${method} ${url}`).toBe(404)
    }
  })

  it('a show date from the date picker is kept as that day at noon UTC', async () => {
    const { status, body } = await manager.json('POST', '/api/admin/shows', {
      title: 'Noon Gig',
      venue: 'Club',
      date: '2031-03-09',
      time: '7:00 PM',
    })
    expect(status).toBe(201)
    expect(body.date).toBe('2031-03-09T12:00:00.000Z')
    const updated = await manager.json('PUT', `/api/admin/shows/${body.id}`, { date: '2031-03-10' })
    expect(updated.body.date).toBe('2031-03-10T12:00:00.000Z')
    expect((await fresh().json('GET', '/api/shows')).body.map((s: { id: string }) => s.id)).toContain(body.id)
  })

  it('band profile and theme saves show on the public routes on the next request', async () => {
    expect(
      (await manager.json('PUT', '/api/admin/band-profile', { name: 'Static Renamed', genre: 'Rock', bio: 'Loud.' }))
        .status,
    ).toBe(200)
    expect((await fresh().json('GET', '/api/band-profile')).body).toMatchObject({
      name: 'Static Renamed',
      genre: 'Rock',
    })
    expect((await manager.json('PUT', '/api/admin/theme-settings', { primaryColor: '#ff0066' })).status).toBe(200)
    expect((await fresh().json('GET', '/api/theme-settings')).body.primaryColor).toBe('#ff0066')
    expect((await owner.json('PUT', '/api/admin/band-profile', { name: 'The Midnight Static' })).status).toBe(200)
  })
})

describe('theme background image', () => {
  it('an uploaded background is saved as its lasting /objects/ path, not the upload URL', async () => {
    const { body } = await manager.json('POST', '/api/objects/upload')
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } })
      .png()
      .toBuffer()
    const put = await fetch(body.uploadURL, {
      method: 'PUT',
      body: new Uint8Array(png),
      headers: { 'Content-Type': 'image/png' },
    })
    expect(put.ok).toBe(true)
    const saved = await manager.json('PUT', '/api/admin/theme-settings', { backgroundImage: body.uploadURL })
    expect(saved.status).toBe(200)
    expect(saved.body.backgroundImage).toMatch(/^\/objects\/media\/[\w-]+\.png$/)
    expect((await fresh().json('GET', '/api/theme-settings')).body.backgroundImage).toBe(saved.body.backgroundImage)
    expect((await fresh().get(saved.body.backgroundImage)).status).toBe(200)
    expect(
      (await manager.json('PUT', '/api/admin/theme-settings', { backgroundImage: 'https://tracker.example/pixel.png' }))
        .status,
    ).toBe(400)
    expect(
      (await manager.json('PUT', '/api/admin/theme-settings', { backgroundImage: null })).body.backgroundImage,
    ).toBeNull()
  })
})

describe('product options and duplicate', () => {
  it('option value must be non-blank; stock blank or invalid becomes 0; name defaults to Size', async () => {
    const product = (await owner.json('POST', '/api/admin/products', { name: 'Opt Tee', price: '10.00' })).body
    const blank = await owner.json('POST', `/api/admin/products/${product.id}/options`, { value: '   ' })
    expect(blank.status).toBe(400)
    expect(blank.body.errors.value).toBe('Option value is required')
    const a = await owner.json('POST', `/api/admin/products/${product.id}/options`, { value: ' S ', inventory: '' })
    const b = await owner.json('POST', `/api/admin/products/${product.id}/options`, {
      value: 'M',
      inventory: 'lots',
      priceAdjustment: '1.5',
    })
    const c = await owner.json('POST', `/api/admin/products/${product.id}/options`, {
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
    const list = await owner.json('GET', `/api/admin/products/${product.id}/options`)
    expect(list.body.map((o: { value: string }) => o.value)).toEqual(['S', 'M', 'Red'])
    expect((await owner.json('DELETE', `/api/admin/products/options/${a.body.id}`)).status).toBe(200)
    expect(
      (await fresh().json('GET', `/api/products/${product.id}/options`)).body.map((o: { value: string }) => o.value),
    ).toEqual(['M', 'Red'])
  })

  it("duplicating a product with 3 options makes '<name> (Copy)' with 3 options", async () => {
    const product = (
      await owner.json('POST', '/api/admin/products', {
        name: 'Dupe Hoodie',
        price: '45.00',
        category: 'Apparel',
        inventory: 4,
      })
    ).body
    for (const value of ['S', 'M', 'L'])
      await owner.post(`/api/admin/products/${product.id}/options`, {
        value,
        inventory: 5,
        priceAdjustment: value === 'L' ? '2.00' : '0.00',
      })
    const { status, body } = await manager.json('POST', `/api/admin/products/${product.id}/duplicate`)
    expect(status).toBe(201)
    expect(body.optionsCopied).toBe(3)
    expect(body.product).toMatchObject({
      name: 'Dupe Hoodie (Copy)',
      price: '45.00',
      category: 'Apparel',
      inventory: 4,
    })
    expect(body.product.id).not.toBe(product.id)
    const copies = await owner.json('GET', `/api/admin/products/${body.product.id}/options`)
    expect(
      copies.body.map((o: { value: string; priceAdjustment: string }) => `${o.value}:${o.priceAdjustment}`),
    ).toEqual(['S:0.00', 'M:0.00', 'L:2.00'])
    const originals = await owner.json('GET', `/api/admin/products/${product.id}/options`)
    expect(originals.body).toHaveLength(3)
  })
})

describe('users', () => {
  it('an invitation email carries a /login?invite= link that signs the new member in once', async () => {
    const { status, body } = await owner.json('POST', '/api/admin/users/invite', {
      email: 'New.Member@Example.com',
      role: 'manager',
    })
    expect(status).toBe(201)
    expect(body.user).toMatchObject({ email: 'new.member@example.com', role: 'manager', isActive: true })
    const mail = await mailbox.waitFor((m) => recipients(m).includes('new.member@example.com'))
    const link = /https?:\/\/\S+\/login\?invite=[\w%.-]+/.exec(mail.text ?? '')![0]
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'))
    const token = decodeURIComponent(new URL(link).searchParams.get('invite')!)
    const me = fresh()
    expect((await me.post('/api/auth/accept-invite', { token, password: 'new-member-pw' })).status).toBe(200)
    expect((await me.json('GET', '/api/auth/user')).body).toMatchObject({
      email: 'new.member@example.com',
      role: 'manager',
    })
    expect((await fresh().post('/api/auth/accept-invite', { token, password: 'second-try-pw' })).status).toBe(400)

    const list = await manager.json('GET', '/api/admin/users')
    const invited = list.body.find((u: { email: string }) => u.email === 'new.member@example.com')
    const ownerId = list.body.find((u: { email: string }) => u.email === 'owner@example.com').id
    expect(invited.invitedBy).toBe(ownerId)
  })

  it('inviting an existing email answers 409; bad input answers the spec messages', async () => {
    expect(
      (await owner.json('POST', '/api/admin/users/invite', { email: 'manager@example.com', role: 'viewer' })).status,
    ).toBe(409)
    const bad = await owner.json('POST', '/api/admin/users/invite', { email: 'nope', role: 'owner' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ email: 'Please enter a valid email address', role: 'Please select a role' })
  })

  it('nobody changes their own role; the last active owner cannot be demoted or deactivated', async () => {
    const users = (await owner.json('GET', '/api/admin/users')).body
    const ownerId = users.find((u: { email: string }) => u.email === 'owner@example.com').id
    expect((await owner.json('PUT', `/api/admin/users/${ownerId}/role`, { role: 'manager' })).status).toBe(403)
    expect((await owner.json('PUT', `/api/admin/users/${ownerId}/status`, { isActive: false })).status).toBe(403)

    // With a second owner, demoting the first is possible — but not the last one left.
    const second = await payload.create({
      collection: 'users',
      data: { email: 'owner2@example.com', password: 'owner2-password', role: 'owner' } as never,
      overrideAccess: true,
    })
    const owner2 = fresh()
    await owner2.post('/api/auth/login', { email: 'owner2@example.com', password: 'owner2-password' })
    expect((await owner2.json('PUT', `/api/admin/users/${ownerId}/role`, { role: 'manager' })).status).toBe(200)
    const demoteLast = await owner2.json('PUT', `/api/admin/users/${second.id}/status`, { isActive: false })
    expect(demoteLast.status).toBe(403)
    // Restore: owner2 makes the first owner an owner again.
    expect((await owner2.json('PUT', `/api/admin/users/${ownerId}/role`, { role: 'owner' })).status).toBe(200)
    expect((await owner.json('PUT', `/api/admin/users/${second.id}/role`, { role: 'viewer' })).status).toBe(200)
    // Now owner is the only owner: another owner-less change attempt through a fresh owner is 409.
    const lastOwner = await payload
      .update({ collection: 'users', id: ownerId, data: { role: 'manager' }, overrideAccess: true })
      .catch((e) => e)
    expect(lastOwner.status).toBe(409)
  })

  it('deactivating a user ends their session at once; reactivating lets them sign in again', async () => {
    const member = await payload.create({
      collection: 'users',
      data: { email: 'temp@example.com', password: 'temp-password', role: 'viewer' } as never,
      overrideAccess: true,
    })
    const temp = fresh()
    await temp.post('/api/auth/login', { email: 'temp@example.com', password: 'temp-password' })
    expect((await temp.get('/api/admin/links')).status).toBe(200)
    const off = await owner.json('PUT', `/api/admin/users/${member.id}/status`, { isActive: false })
    expect(off.status).toBe(200)
    expect(off.body.isActive).toBe(false)
    expect((await temp.get('/api/admin/links')).status).toBe(401)
    expect(
      (await fresh().post('/api/auth/login', { email: 'temp@example.com', password: 'temp-password' })).status,
    ).toBe(403)
    expect((await owner.json('PUT', `/api/admin/users/${member.id}/status`, { isActive: true })).status).toBe(200)
    expect(
      (await fresh().post('/api/auth/login', { email: 'temp@example.com', password: 'temp-password' })).status,
    ).toBe(200)
  })

  it('a manager cannot change the notification email or custom CSS; the owner can', async () => {
    const current = (await manager.json('GET', '/api/admin/theme-settings')).body
    expect(current).toHaveProperty('notificationEmail')
    expect(
      (await manager.json('PUT', '/api/admin/theme-settings', { ...current, primaryColor: '#123456' })).status,
    ).toBe(200)
    expect(
      (await manager.json('PUT', '/api/admin/theme-settings', { notificationEmail: 'me@evil.example' })).status,
    ).toBe(403)
    expect((await manager.json('PUT', '/api/admin/theme-settings', { customCss: 'body{display:none}' })).status).toBe(
      403,
    )
    const saved = await owner.json('PUT', '/api/admin/theme-settings', {
      notificationEmail: 'a@band.example, b@band.example',
    })
    expect(saved.body.notificationEmail).toBe('a@band.example, b@band.example')
    expect(
      (await owner.json('PUT', '/api/admin/theme-settings', { notificationEmail: 'a@band.example, nope' })).status,
    ).toBe(400)
  })
})

async function makeOrder(
  fields: Record<string, unknown>,
  items: { productName: string; optionName?: string; optionValue?: string; quantity: number; price: number }[],
) {
  const order = await payload.create({
    collection: 'orders',
    data: { subtotalAmount: 10, shippingAmount: 5, totalAmount: 15, status: 'paid', ...fields } as never,
    overrideAccess: true,
  })
  for (const item of items)
    await payload.create({
      collection: 'order-items',
      data: { orderId: order.id, ...item } as never,
      overrideAccess: true,
    })
  return order
}

describe('orders', () => {
  it('GET lists orders with their items; fulfilment moves paid → shipped → completed and emails the customer', async () => {
    const order = await makeOrder(
      {
        customerEmail: 'buyer@example.com',
        customerName: 'Bea Buyer',
        shippingAddress: { street: '1 Main St', city: 'Portland', state: 'OR', zip: '97201', country: 'US' },
      },
      [{ productName: 'Tour Tee', optionName: 'Size', optionValue: 'M', quantity: 2, price: 25 }],
    )
    const list = await manager.json('GET', '/api/admin/orders')
    const found = list.body.find((o: { id: string }) => o.id === order.id)
    expect(found).toMatchObject({
      customerName: 'Bea Buyer',
      totalAmount: '15.00',
      shippingAmount: '5.00',
      status: 'paid',
    })
    expect(found.items[0]).toMatchObject({ productName: 'Tour Tee', optionValue: 'M', quantity: 2, price: '25.00' })

    expect((await manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'completed' })).status).toBe(
      409,
    )
    expect((await manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'shipped' })).body.status).toBe(
      'shipped',
    )
    expect((await manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'shipped' })).status).toBe(409)
    const mail = await mailbox.waitFor((m) => recipients(m).includes('buyer@example.com'))
    expect(mail.subject).toContain(`#${order.id.slice(0, 8)}`)
    expect(mail.subject).toMatch(/shipped/)
    expect(
      (await manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'completed' })).body.status,
    ).toBe('completed')
    expect((await manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'pending' })).status).toBe(400)

    const pending = await makeOrder({ customerEmail: 'p@example.com', status: 'pending' }, [])
    expect((await manager.json('PUT', `/api/admin/orders/${pending.id}/status`, { status: 'shipped' })).status).toBe(
      409,
    )
    expect((await manager.json('DELETE', `/api/admin/orders/${pending.id}`)).status).toBe(200)
    expect((await manager.json('GET', '/api/admin/orders')).body.map((o: { id: string }) => o.id)).not.toContain(
      pending.id,
    )
  })

  it('the orders CSV has one row per item, survives commas, quotes and newlines, and neutralises formulas', async () => {
    const order = await makeOrder(
      {
        customerEmail: 'csv@example.com',
        customerName: '=HYPERLINK("http://evil.example","click")',
        customerPhone: '+1 555 0100',
        shippingAddress: {
          street: '12 "Quoted" Rd,\nApt 4',
          city: 'Zürich',
          state: '@state',
          zipCode: '8001',
          country: 'CH',
        },
      },
      [
        { productName: 'Tee, black', optionName: 'Size', optionValue: 'L', quantity: 1, price: 25 },
        { productName: 'Poster', quantity: 3, price: 20 },
      ],
    )
    const res = await manager.get('/api/admin/orders/export')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/)
    const rows: Record<string, string>[] = parse(await res.text(), { columns: true, bom: true })
    const mine = rows.filter((r) => r['Order ID'] === order.id)
    expect(mine).toHaveLength(2)
    expect(mine[0]).toMatchObject({
      'Customer Name': `'=HYPERLINK("http://evil.example","click")`,
      Phone: "'+1 555 0100",
      Street: '12 "Quoted" Rd,\nApt 4',
      City: 'Zürich',
      State: "'@state",
      ZIP: '8001',
      Product: 'Tee, black',
      'Option Value': 'L',
      Quantity: '1',
      'Unit Price': '25.00',
      Total: '15.00',
    })
    expect(mine[1]).toMatchObject({ Product: 'Poster', Quantity: '3', 'Option Name': '' })
  })

  it('the subscribers CSV lists email, date and active state', async () => {
    await fresh().post('/api/newsletter/subscribe', { email: 'csv-fan@example.com' })
    await payload.create({
      collection: 'subscribers',
      data: { email: '-trick@example.com', isActive: false } as never,
      overrideAccess: true,
    })
    const res = await owner.get('/api/admin/subscribers/export')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows: Record<string, string>[] = parse(await res.text(), { columns: true, bom: true })
    expect(rows.find((r) => r.Email === 'csv-fan@example.com')).toMatchObject({ Active: 'yes' })
    expect(rows.find((r) => r.Email === "'-trick@example.com")).toMatchObject({ Active: 'no' })
    expect(rows[0]!['Subscribed Date']).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const list = await owner.json('GET', '/api/admin/subscribers')
    const fan = list.body.find((s: { email: string }) => s.email === 'csv-fan@example.com')
    expect((await owner.json('DELETE', `/api/admin/subscribers/${fan.id}`)).status).toBe(200)
    expect((await owner.json('GET', '/api/admin/subscribers')).body.map((s: { id: string }) => s.id)).not.toContain(
      fan.id,
    )
  })
})
