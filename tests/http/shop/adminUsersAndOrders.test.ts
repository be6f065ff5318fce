import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { recipients } from '../../helpers/smtp'

/** The team API's users and orders: invitations, roles, fulfilment and the CSV exports. */

const site = useAdminSite({ restores: ['/api/admin/theme-settings'] })
const { fresh } = site

/** A user made in the database, and a new client that signed in as them (whether or not it could). */
async function userSignedIn(email: string, password: string, role: 'owner' | 'viewer') {
  const user = await site.payload.create({
    collection: 'users',
    data: { email, password, role } as never,
    overrideAccess: true,
  })
  const client = fresh()
  await client.post('/api/auth/login', { email, password })
  return { user, client }
}

describe('users', () => {
  it('an invitation email carries a /login?invite= link that signs the new member in once', async () => {
    const { status, body } = await site.owner.json('POST', '/api/admin/users/invite', {
      email: 'New.Member@Example.com',
      role: 'manager',
    })
    expect(status).toBe(201)
    expect(body.user).toMatchObject({ email: 'new.member@example.com', role: 'manager', isActive: true })
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes('new.member@example.com'))
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

    const list = await site.manager.json('GET', '/api/admin/users')
    const invited = list.body.find((u: { email: string }) => u.email === 'new.member@example.com')
    const ownerId = list.body.find((u: { email: string }) => u.email === 'owner@example.com').id
    expect(invited.invitedBy).toBe(ownerId)
  })

  it('inviting an existing email answers 409; bad input answers the spec messages', async () => {
    expect(
      (await site.owner.json('POST', '/api/admin/users/invite', { email: 'manager@example.com', role: 'viewer' }))
        .status,
    ).toBe(409)
    const bad = await site.owner.json('POST', '/api/admin/users/invite', { email: 'nope', role: 'owner' })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ email: 'Please enter a valid email address', role: 'Please select a role' })
  })

  it('nobody changes their own role; the last active owner cannot be demoted or deactivated', async () => {
    const users = (await site.owner.json('GET', '/api/admin/users')).body
    const ownerId = users.find((u: { email: string }) => u.email === 'owner@example.com').id
    expect((await site.owner.json('PUT', `/api/admin/users/${ownerId}/role`, { role: 'manager' })).status).toBe(403)
    expect((await site.owner.json('PUT', `/api/admin/users/${ownerId}/status`, { isActive: false })).status).toBe(403)

    // With a second owner, demoting the first is possible — but not the last one left.
    const { user: second, client: owner2 } = await userSignedIn('owner2@example.com', 'owner2-password', 'owner')
    expect((await owner2.json('PUT', `/api/admin/users/${ownerId}/role`, { role: 'manager' })).status).toBe(200)
    const demoteLast = await owner2.json('PUT', `/api/admin/users/${second.id}/status`, { isActive: false })
    expect(demoteLast.status).toBe(403)
    // Restore: owner2 makes the first owner an owner again.
    expect((await owner2.json('PUT', `/api/admin/users/${ownerId}/role`, { role: 'owner' })).status).toBe(200)
    expect((await site.owner.json('PUT', `/api/admin/users/${second.id}/role`, { role: 'viewer' })).status).toBe(200)
    // Now owner is the only owner: another owner-less change attempt through a fresh owner is 409.
    const lastOwner = await site.payload
      .update({ collection: 'users', id: ownerId, data: { role: 'manager' }, overrideAccess: true })
      .catch((e) => e)
    expect(lastOwner.status).toBe(409)
  })
})

describe('users', () => {
  it('deactivating a user ends their session at once; reactivating lets them sign in again', async () => {
    const { user: member, client: temp } = await userSignedIn('temp@example.com', 'temp-password', 'viewer')
    expect((await temp.get('/api/admin/links')).status).toBe(200)
    const off = await site.owner.json('PUT', `/api/admin/users/${member.id}/status`, { isActive: false })
    expect(off.status).toBe(200)
    expect(off.body.isActive).toBe(false)
    expect((await temp.get('/api/admin/links')).status).toBe(401)
    expect(
      (await fresh().post('/api/auth/login', { email: 'temp@example.com', password: 'temp-password' })).status,
    ).toBe(403)
    expect((await site.owner.json('PUT', `/api/admin/users/${member.id}/status`, { isActive: true })).status).toBe(200)
    expect(
      (await fresh().post('/api/auth/login', { email: 'temp@example.com', password: 'temp-password' })).status,
    ).toBe(200)
  })

  it('a manager cannot change the notification email or custom CSS; the owner can', async () => {
    const current = (await site.manager.json('GET', '/api/admin/theme-settings')).body
    expect(current).toHaveProperty('notificationEmail')
    expect(
      (await site.manager.json('PUT', '/api/admin/theme-settings', { ...current, primaryColor: '#123456' })).status,
    ).toBe(200)
    expect(
      (await site.manager.json('PUT', '/api/admin/theme-settings', { notificationEmail: 'me@evil.example' })).status,
    ).toBe(403)
    expect(
      (await site.manager.json('PUT', '/api/admin/theme-settings', { customCss: 'body{display:none}' })).status,
    ).toBe(403)
    const saved = await site.owner.json('PUT', '/api/admin/theme-settings', {
      notificationEmail: 'a@band.example, b@band.example',
    })
    expect(saved.body.notificationEmail).toBe('a@band.example, b@band.example')
    expect(
      (await site.owner.json('PUT', '/api/admin/theme-settings', { notificationEmail: 'a@band.example, nope' })).status,
    ).toBe(400)
  })
})

async function makeOrder(
  fields: Record<string, unknown>,
  items: { productName: string; optionName?: string; optionValue?: string; quantity: number; price: number }[],
) {
  const order = await site.payload.create({
    collection: 'orders',
    data: { subtotalAmount: 10, shippingAmount: 5, totalAmount: 15, status: 'paid', ...fields } as never,
    overrideAccess: true,
  })
  for (const item of items)
    await site.payload.create({
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
    const list = await site.manager.json('GET', '/api/admin/orders')
    const found = list.body.find((o: { id: string }) => o.id === order.id)
    expect(found).toMatchObject({
      customerName: 'Bea Buyer',
      totalAmount: '15.00',
      shippingAmount: '5.00',
      status: 'paid',
    })
    expect(found.items[0]).toMatchObject({ productName: 'Tour Tee', optionValue: 'M', quantity: 2, price: '25.00' })

    expect(
      (await site.manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'completed' })).status,
    ).toBe(409)
    expect(
      (await site.manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'shipped' })).body.status,
    ).toBe('shipped')
    expect((await site.manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'shipped' })).status).toBe(
      409,
    )
    const mail = await site.mailbox.waitFor((m) => recipients(m).includes('buyer@example.com'))
    expect(mail.subject).toContain(`#${order.id.slice(0, 8)}`)
    expect(mail.subject).toMatch(/shipped/)
    expect(
      (await site.manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'completed' })).body.status,
    ).toBe('completed')
    expect((await site.manager.json('PUT', `/api/admin/orders/${order.id}/status`, { status: 'pending' })).status).toBe(
      400,
    )

    const pending = await makeOrder({ customerEmail: 'p@example.com', status: 'pending' }, [])
    expect(
      (await site.manager.json('PUT', `/api/admin/orders/${pending.id}/status`, { status: 'shipped' })).status,
    ).toBe(409)
    expect((await site.manager.json('DELETE', `/api/admin/orders/${pending.id}`)).status).toBe(200)
    expect((await site.manager.json('GET', '/api/admin/orders')).body.map((o: { id: string }) => o.id)).not.toContain(
      pending.id,
    )
  })
})

describe('orders', () => {
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
    const res = await site.manager.get('/api/admin/orders/export')
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
})

describe('orders', () => {
  it('the subscribers CSV lists email, date, active state and the state itself', async () => {
    await fresh().post('/api/newsletter/subscribe', { email: 'csv-pending@example.com' })
    await site.payload.create({
      collection: 'subscribers',
      data: { email: 'csv-fan@example.com', status: 'confirmed' } as never,
      overrideAccess: true,
    })
    await site.payload.create({
      collection: 'subscribers',
      data: { email: '-trick@example.com', status: 'unsubscribed' } as never,
      overrideAccess: true,
    })
    const res = await site.owner.get('/api/admin/subscribers/export')
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const rows: Record<string, string>[] = parse(await res.text(), { columns: true, bom: true })
    expect(rows.find((r) => r.Email === 'csv-fan@example.com')).toMatchObject({ Active: 'yes', Status: 'confirmed' })
    expect(rows.find((r) => r.Email === 'csv-pending@example.com')).toMatchObject({
      Active: 'no',
      Status: 'pending',
      Source: 'form',
    })
    expect(rows.find((r) => r.Email === "'-trick@example.com")).toMatchObject({ Active: 'no', Status: 'unsubscribed' })
    expect(rows[0]!['Subscribed Date']).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    const list = await site.owner.json('GET', '/api/admin/subscribers')
    const fan = list.body.find((s: { email: string }) => s.email === 'csv-fan@example.com')
    expect((await site.owner.json('DELETE', `/api/admin/subscribers/${fan.id}`)).status).toBe(200)
    expect(
      (await site.owner.json('GET', '/api/admin/subscribers')).body.map((s: { id: string }) => s.id),
    ).not.toContain(fan.id)
  })
})
