import { describe, expect, it } from 'vitest'

import { useAdminSite } from '../../helpers/adminSite'
import { Buyer, createShirt } from '../../helpers/checkout'
import { CUSTOMER } from '../../helpers/checkoutForm'
import { createRelease } from '../../helpers/music'
import { recipients } from '../../helpers/smtp'
import { unique } from '../../helpers/unique'

/**
 * Buying releases: a release line at its fixed price or at the amount the fan names (no lower than
 * the minimum), quoted and ordered alike; the download consent; an order of releases only without
 * an address or a phone; a release beside a T-shirt; paying mails the download link and the waiver; a free
 * release's link by email, with the newsletter when asked.
 */

const CONSENT =
  'Deliver my download now: I understand that I lose my 14-day right of withdrawal once the download starts'
const WAIVER =
  'You asked for immediate delivery of your download, and so waived your 14-day right of withdrawal for it.'

// The worker's shared site and mailbox, whose local server takes the built-in test payments; the
// fans' addresses are the file's own.
const site = useAdminSite({ db: true })
const n = unique()
/** An email address of the file's own, `name-<n>@example.com`. */
const mail = (name: string) => `${name}-${n}@example.com`
const buyer = () => new Buyer(site.server.url, { forwardedFor: site.address() })
const { shippingAddress: _address, ...contact } = CUSTOMER
const nameYourPrice = (minimum: string, data: Record<string, unknown> = {}) =>
  createRelease(site.owner, { pricing: { mode: 'nameYourPrice', minimum, suggested: null }, ...data })
const line = (releaseId: string, price: string) => ({ releaseId, quantity: 1, price })
const quote = (items: unknown[], country = 'US') => buyer().json('POST', '/api/checkout/quote', { items, country })
const textOf = (m: { text?: string | false }) => (typeof m.text === 'string' ? m.text : '')

describe('a release in the cart', () => {
  it('is bought at the minimum and above it; the quote and the order agree, with no shipping', async () => {
    const release = await nameYourPrice('5.00')
    for (const price of ['5.00', '12.50']) {
      const quoted = await quote([line(release.id, price)])
      expect(quoted.status, JSON.stringify(quoted.body)).toBe(200)
      expect(quoted.body).toMatchObject({
        subtotalAmount: price,
        shippingAmount: '0.00',
        totalAmount: price,
        shipsToCountry: true,
        lines: [{ releaseId: release.id, productId: null, name: release.title, quantity: 1, amount: price }],
      })
      const order = await buyer().json('POST', '/api/orders', {
        ...contact,
        items: [line(release.id, price)],
        digitalConsent: true,
        totalAmount: quoted.body.totalAmount,
      })
      expect(order.status, JSON.stringify(order.body)).toBe(201)
      expect(order.body).toMatchObject({ subtotalAmount: price, shippingAmount: '0.00', totalAmount: price })
    }
  })

  it('below the minimum is refused with the minimum, in the quote and the order', async () => {
    const release = await nameYourPrice('5.00')
    const quoted = await quote([line(release.id, '4.99')])
    expect(quoted.status).toBe(400)
    expect(quoted.body.message).toBe('The minimum price is $5.00')
    const order = await buyer().json('POST', '/api/orders', {
      ...contact,
      items: [line(release.id, '4.99')],
      digitalConsent: true,
    })
    expect(order.status).toBe(400)
    expect(order.body.message).toBe('The minimum price is $5.00')
    expect(order.body.errors).toEqual({ 'items.0.price': 'The minimum price is $5.00' })
  })

  it('at a fixed price is refused at another amount, and bought once per order', async () => {
    const release = await createRelease(site.owner, { pricing: { mode: 'fixed', price: '9.99' } })
    const cheaper = await quote([line(release.id, '1.00')])
    expect(cheaper.status).toBe(409)
    expect(cheaper.body.message).toBe(
      `The price of ${release.title} is now $9.99. Please review your cart and try again.`,
    )
    const twice = await quote([line(release.id, '9.99'), line(release.id, '9.99')])
    expect(twice.status).toBe(400)
    const two = await quote([{ releaseId: release.id, quantity: 2, price: '9.99' }])
    expect(two.status).toBe(400)
    expect(two.body.errors['items.0.quantity']).toMatch(/quantity must be 1/)
  })

  it('an inactive or unknown release is no longer available', async () => {
    const gone = await createRelease(site.owner, { isActive: false })
    for (const id of [gone.id, '00000000-0000-4000-8000-000000000000']) {
      const quoted = await quote([line(id, '9.99')])
      expect(quoted.status).toBe(409)
      expect(quoted.body.message).toBe('An item in your cart is no longer available. Please remove it and try again.')
    }
  })
})

describe('an order with a release', () => {
  it('is refused without the download consent, with the consent sentence', async () => {
    const release = await nameYourPrice('5.00')
    for (const digitalConsent of [undefined, false]) {
      const order = await buyer().json('POST', '/api/orders', {
        ...contact,
        items: [line(release.id, '6.00')],
        digitalConsent,
      })
      expect(order.status).toBe(400)
      expect(order.body.message).toBe(CONSENT)
    }
  })

  it('alone needs no address: the order keeps only the country, and records the consent', async () => {
    const release = await nameYourPrice('5.00')
    const order = await buyer().json('POST', '/api/orders', {
      ...contact,
      items: [line(release.id, '7.00')],
      digitalConsent: true,
    })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    const row = await site.db.order(order.body.id)
    expect(row.shipping_address).toEqual({ country: 'US' })
    expect(row.digital_consent).toBe(true)
    expect(row.digital_consent_at).not.toBeNull()
    const [item] = await site.db.query(
      `SELECT release_id, product_name, quantity FROM order_items WHERE order_id_id = $1`,
      [order.body.id],
    )
    expect({ ...item, quantity: Number(item.quantity) }).toEqual({
      release_id: release.id,
      product_name: release.title,
      quantity: 1,
    })
  })

  it('alone needs no phone: left out or empty, the order keeps none; a phone given is still checked', async () => {
    const release = await nameYourPrice('5.00')
    const { customerPhone: _phone, ...noPhone } = contact
    for (const phone of [{}, { customerPhone: '' }, { customerPhone: null }]) {
      const order = await buyer().json('POST', '/api/orders', {
        ...noPhone,
        ...phone,
        items: [line(release.id, '7.00')],
        digitalConsent: true,
      })
      expect(order.status, JSON.stringify(order.body)).toBe(201)
      expect((await site.db.order(order.body.id)).customer_phone).toBeNull()
    }
    const short = await buyer().json('POST', '/api/orders', {
      ...noPhone,
      customerPhone: '555-1234',
      items: [line(release.id, '7.00')],
      digitalConsent: true,
    })
    expect(short.status).toBe(400)
    expect(short.body.errors.customerPhone).toBe('Phone number must be at least 10 digits')
  })

  it('beside a T-shirt: the address and the phone are asked, the shirt ships and the release does not', async () => {
    const release = await createRelease(site.owner, { pricing: { mode: 'fixed', price: '9.99' } })
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const items = [
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' },
      line(release.id, '9.99'),
    ]
    const noAddress = await buyer().json('POST', '/api/orders', { ...contact, items, digitalConsent: true })
    expect(noAddress.status).toBe(400)
    expect(noAddress.body.errors['shippingAddress.street']).toBe('Street address is required')
    const { customerPhone: _phone, ...noPhone } = CUSTOMER
    const withoutPhone = await buyer().json('POST', '/api/orders', { ...noPhone, items, digitalConsent: true })
    expect(withoutPhone.status).toBe(400)
    expect(withoutPhone.body.errors.customerPhone).toBe('Phone number must be at least 10 digits')
    const quoted = await quote(items)
    expect(quoted.body).toMatchObject({ subtotalAmount: '34.99', shippingAmount: '5.00', totalAmount: '39.99' })
    const order = await buyer().json('POST', '/api/orders', { ...CUSTOMER, items, digitalConsent: true })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    expect(order.body).toMatchObject({ subtotalAmount: '34.99', shippingAmount: '5.00', totalAmount: '39.99' })
  })
})

describe('paying for a release', () => {
  it('mails the confirmation with the download link and the waiver; the order is not shipped', async () => {
    const release = await nameYourPrice('5.00', { releaseDate: '2020-05-01' })
    const email = mail('payer')
    // Counted before this test's sale, since the summary counts every order on the site.
    const before = (await site.owner.json('GET', '/api/admin/orders/summary')).body
    const b = buyer()
    const created = await b.json('POST', '/api/orders', {
      ...contact,
      customerEmail: email,
      items: [line(release.id, '8.00')],
      digitalConsent: true,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    await b.post('/api/checkout/bind', { orderId: created.body.id })
    const payment = await b.json('POST', '/api/paypal/order', { amount: '8.00', currency: 'USD', intent: 'CAPTURE' })
    const captured = await b.json('POST', `/api/paypal/order/${payment.body.id}/capture`)
    expect(captured.body.status, JSON.stringify([captured.body, await site.db.order(created.body.id)])).toBe('paid')

    const confirmation = await site.mailbox.waitFor(
      (m) => recipients(m).includes(email) && (m.subject ?? '').includes(created.body.id.slice(0, 8)),
    )
    const text = textOf(confirmation)
    expect(text).toContain(WAIVER)
    expect(text).not.toContain('Shipping to:')
    const link = /Your downloads: (\S+)/.exec(text)?.[1]
    expect(link).toMatch(/\/downloads\/[\w-]+$/)
    const token = link!.split('/downloads/')[1]
    const downloads = await buyer().json('GET', `/api/downloads/${token}`)
    expect(downloads.status, JSON.stringify(downloads.body)).toBe(200)
    expect(downloads.body.releases).toMatchObject([{ id: release.id, title: release.title }])

    const ship = await site.owner.json('PUT', `/api/admin/orders/${created.body.id}/status`, { status: 'shipped' })
    expect(ship.status).toBe(409)
    const slips = await (await site.owner.get('/admin/packing-slips')).text()
    expect(slips).not.toContain(created.body.id.slice(0, 8))
    // Music is its own channel: the release sold, never a web order.
    const summary = await site.owner.json('GET', '/api/admin/orders/summary')
    expect(summary.body.music).toEqual({
      sales: before.music.sales + 1,
      revenue: (Number(before.music.revenue) + 8).toFixed(2),
    })
    expect(summary.body.paid).toEqual(before.paid)
  })
})

describe('a free release', () => {
  it('mails its download link to the address given, and with the box ticked the newsletter confirmation', async () => {
    const release = await nameYourPrice('0.00', { releaseDate: '2020-05-01' })
    const plain = await buyer().json('POST', `/api/releases/${release.id}/claim`, { email: mail('free') })
    expect(plain.status, JSON.stringify(plain.body)).toBe(202)
    const mailed = await site.mailbox.waitFor((m) => recipients(m).includes(mail('free')))
    const token = /\/downloads\/([\w-]+)/.exec(textOf(mailed))?.[1]
    const downloads = await buyer().json('GET', `/api/downloads/${token}`)
    expect(downloads.status, JSON.stringify(downloads.body)).toBe(200)
    expect(downloads.body.releases).toMatchObject([{ id: release.id, title: release.title }])

    const joined = await buyer().json('POST', `/api/releases/${release.id}/claim`, {
      email: mail('joiner'),
      newsletter: true,
    })
    expect(joined.status).toBe(202)
    await site.mailbox.waitFor((m) => recipients(m).includes(mail('joiner')) && /\/downloads\//.test(textOf(m)))
    await site.mailbox.waitFor(
      (m) => recipients(m).includes(mail('joiner')) && /^Please confirm your subscription/.test(m.subject ?? ''),
    )
    expect(
      site.mailbox.messages.filter(
        (m) => recipients(m).includes(mail('free')) && /confirm your subscription/.test(m.subject ?? ''),
      ),
    ).toHaveLength(0)
  })

  it('a release that costs money is not claimed free, and 0.00 is not taken in the cart', async () => {
    const paid = await nameYourPrice('5.00')
    const claimed = await buyer().json('POST', `/api/releases/${paid.id}/claim`, { email: mail('free') })
    expect(claimed.status).toBe(400)
    const free = await nameYourPrice('0.00')
    const inCart = await quote([line(free.id, '0.00')])
    expect(inCart.status).toBe(400)
    expect((await quote([line(free.id, '3.00')])).status).toBe(200)
  })
})
