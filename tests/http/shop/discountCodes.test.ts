import { describe, expect, it } from 'vitest'

import { Buyer, createShirt, orderBody } from '../../helpers/checkout'
import { usePaypalSite } from '../../helpers/paypalSite'
import { member } from '../../helpers/site'

/**
 * Discount codes on the production server against the local PayPal stand-in: the admin API and
 * its roles, each kind and limit applied when the server prices an order, PayPal's amount
 * breakdown, uses counted at payment (exactly N under a rush), and wrong codes rate-limited.
 */

const site = usePaypalSite()
let n = 0
const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}`.toUpperCase()

async function makeCode(body: Record<string, unknown>) {
  const { status, body: code } = await site.owner.json('POST', '/api/admin/discount-codes', body)
  expect(status, JSON.stringify(code)).toBe(201)
  return code as { id: string; code: string; uses: number }
}

/** Places, binds and pays for one 25.00 shirt with `discountCode`, as the checkout page does. */
async function buyWithCode(
  b: Buyer,
  shirt: { productId: string; optionId: string },
  discountCode: string | undefined,
  email = 'alex@example.com',
) {
  const created = await b.json('POST', '/api/orders', {
    ...orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }], {
      customerEmail: email,
    }),
    ...(discountCode ? { discountCode } : {}),
  })
  if (created.status !== 201) return { created }
  expect((await b.json('POST', '/api/checkout/bind', { orderId: created.body.id })).status).toBe(200)
  const payment = await b.json('POST', '/api/paypal/order', { orderId: created.body.id })
  expect(payment.status, JSON.stringify(payment.body)).toBe(200)
  const captured = await b.json('POST', `/api/paypal/order/${payment.body.id}/capture`)
  return { created, payment, captured }
}

/** The amount PayPal was asked for when its order was created, with its breakdown. */
const paypalAmount = (customId: string) =>
  site.paypal.requests.find(
    (r) => r.method === 'POST' && r.path === '/v2/checkout/orders' && r.body.purchase_units[0].custom_id === customId,
  )!.body.purchase_units[0].amount

describe('the discount codes API', () => {
  it('lets owners and managers write codes, viewers read them, and nobody else', async () => {
    const viewer = await member(site, 'dc-viewer@example.com', 'viewer', '203.0.113.201')
    const manager = await member(site, 'dc-manager@example.com', 'manager', '203.0.113.202')
    const made = await manager.client.json('POST', '/api/admin/discount-codes', {
      code: uniqueCode('crew'),
      kind: 'amount',
      value: '5',
    })
    expect(made.status).toBe(201)
    expect(made.body).toMatchObject({ kind: 'amount', value: '5.00', uses: 0, revenue: '0.00' })
    const listed = await viewer.client.json('GET', '/api/admin/discount-codes')
    expect(listed.status).toBe(200)
    expect(listed.body.map((c: { code: string }) => c.code)).toContain(made.body.code)
    expect((await viewer.client.json('GET', `/api/admin/discount-codes/${made.body.id}`)).body.code).toBe(
      made.body.code,
    )
    expect(
      (await viewer.client.json('POST', '/api/admin/discount-codes', { code: 'NOPE1', kind: 'percent', value: 5 }))
        .status,
    ).toBe(403)
    expect((await viewer.client.json('PUT', `/api/admin/discount-codes/${made.body.id}`, { maxUses: 2 })).status).toBe(
      403,
    )
    expect((await viewer.client.json('DELETE', `/api/admin/discount-codes/${made.body.id}`)).status).toBe(403)
    const anonymous = new Buyer(site.server.url, { forwardedFor: '203.0.113.203' })
    expect((await anonymous.json('GET', '/api/admin/discount-codes')).status).toBe(401)

    const updated = await manager.client.json('PUT', `/api/admin/discount-codes/${made.body.id}`, { maxUses: 2 })
    expect(updated.status).toBe(200)
    expect(updated.body.maxUses).toBe(2)
    // Uses are the server's count: a client cannot set them.
    await manager.client.json('PUT', `/api/admin/discount-codes/${made.body.id}`, { uses: 99 })
    expect((await manager.client.json('GET', `/api/admin/discount-codes/${made.body.id}`)).body.uses).toBe(0)
    expect((await manager.client.json('DELETE', `/api/admin/discount-codes/${made.body.id}`)).status).toBe(200)
    expect((await manager.client.json('GET', `/api/admin/discount-codes/${made.body.id}`)).status).toBe(404)
  })

  it('answers bad input with 400 and a message per field, and a taken code with 409', async () => {
    const bad = await site.owner.json('POST', '/api/admin/discount-codes', {
      code: 'x',
      kind: 'half',
      maxUses: 0,
      productIds: ['not-a-product'],
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errors)).toEqual(expect.arrayContaining(['code', 'kind', 'maxUses']))
    const percent = await site.owner.json('POST', '/api/admin/discount-codes', {
      code: uniqueCode('big'),
      kind: 'percent',
      value: 150,
    })
    expect(percent.status).toBe(400)
    expect(percent.body.errors.value).toBe('A percent must be a whole number from 1 to 100')
    const amount = await site.owner.json('POST', '/api/admin/discount-codes', {
      code: uniqueCode('amt'),
      kind: 'amount',
      value: 'lots',
    })
    expect(amount.body.errors.value).toBe('Enter an amount like 5.00')
    const dates = await site.owner.json('POST', '/api/admin/discount-codes', {
      code: uniqueCode('dates'),
      kind: 'freeShipping',
      startsAt: '2030-05-02',
      endsAt: '2030-05-01',
    })
    expect(dates.body.errors.endsAt).toBe('The end must be after the start')

    const taken = await makeCode({ code: uniqueCode('twice'), kind: 'percent', value: 10 })
    const again = await site.owner.json('POST', '/api/admin/discount-codes', {
      code: taken.code.toLowerCase(),
      kind: 'percent',
      value: 10,
    })
    expect(again.status).toBe(409)
    expect(again.body.errors.code).toBe('This code already exists.')
  })
})

describe('a discount code at checkout', () => {
  it('takes a percent off, matched whatever the case, and PayPal is asked for totals that add up', async () => {
    const code = await makeCode({ code: uniqueCode('fan'), kind: 'percent', value: 10 })
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const { created, captured } = await buyWithCode(site.buyer(), shirt, `  ${code.code.toLowerCase()} `)
    expect(created.body).toMatchObject({
      subtotalAmount: '25.00',
      shippingAmount: '5.00',
      discountAmount: '2.50',
      totalAmount: '27.50',
      discountCode: code.code,
    })
    expect(captured!.body.status).toBe('paid')
    expect(paypalAmount(created.body.id)).toEqual({
      currency_code: 'USD',
      value: '27.50',
      breakdown: {
        item_total: { currency_code: 'USD', value: '25.00' },
        shipping: { currency_code: 'USD', value: '5.00' },
        discount: { currency_code: 'USD', value: '2.50' },
      },
    })
    const after = (await site.owner.json('GET', `/api/admin/discount-codes/${code.id}`)).body
    expect(after).toMatchObject({ uses: 1, revenue: '27.50' })
  })

  it('takes a fixed amount off, never more than the items, and free shipping takes the shipping off', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const five = await makeCode({ code: uniqueCode('five'), kind: 'amount', value: '5.00' })
    const huge = await makeCode({ code: uniqueCode('huge'), kind: 'amount', value: '100' })
    const ship = await makeCode({ code: uniqueCode('ship'), kind: 'freeShipping' })
    const a = await buyWithCode(site.buyer(), shirt, five.code)
    expect(a.created.body).toMatchObject({ discountAmount: '5.00', totalAmount: '25.00' })
    expect(a.captured!.body.status).toBe('paid')
    const b = await buyWithCode(site.buyer(), shirt, huge.code)
    expect(b.created.body).toMatchObject({ discountAmount: '25.00', totalAmount: '5.00' })
    expect(b.captured!.body.status).toBe('paid')
    const c = await buyWithCode(site.buyer(), shirt, ship.code)
    expect(c.created.body).toMatchObject({ shippingAmount: '5.00', discountAmount: '5.00', totalAmount: '25.00' })
    expect(c.captured!.body.status).toBe('paid')
    expect(paypalAmount(c.created.body.id).breakdown.discount.value).toBe('5.00')
    // A US order without a code: the flat 5.00 shipping, nothing off.
    const plain = await buyWithCode(site.buyer(), shirt, undefined)
    expect(plain.created.body).toMatchObject({ shippingAmount: '5.00', discountAmount: '0.00', totalAmount: '30.00' })
  })
})

describe('a discount code at checkout', () => {
  it('refuses a code below its minimum, for other products, outside its dates, or used by the same email', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 10 })
    const other = await createShirt(site.owner, { price: 25, stock: 1 })
    const min = await makeCode({ code: uniqueCode('min'), kind: 'percent', value: 10, minSubtotal: '50' })
    const only = await makeCode({ code: uniqueCode('only'), kind: 'percent', value: 10, productIds: [other.productId] })
    const ended = await makeCode({ code: uniqueCode('ended'), kind: 'percent', value: 10, endsAt: '2020-01-01' })
    const later = await makeCode({ code: uniqueCode('later'), kind: 'percent', value: 10, startsAt: '2099-01-01' })
    const once = await makeCode({ code: uniqueCode('once'), kind: 'percent', value: 10, oncePerEmail: true })

    const refused = async (code: string, email?: string) =>
      (await buyWithCode(site.buyer(), shirt, code, email)).created
    const minimum = await refused(min.code)
    expect(minimum.status).toBe(400)
    expect(minimum.body.errors.discountCode).toBe('This discount code needs an order of at least $50.00.')
    expect((await refused(only.code)).body.errors.discountCode).toBe(
      'This discount code does not apply to the items in your cart.',
    )
    // Ended, not started and unknown codes get the same answer.
    for (const code of [ended.code, later.code, 'NO-SUCH-CODE']) {
      const answer = await refused(code)
      expect(answer.status).toBe(400)
      expect(answer.body.errors.discountCode).toBe('This discount code is not valid.')
    }
    const first = await buyWithCode(site.buyer(), shirt, once.code, 'once@example.com')
    expect(first.captured!.body.status).toBe('paid')
    expect((await refused(once.code, 'ONCE@example.com')).body.errors.discountCode).toBe(
      'This discount code was already used with this email address.',
    )
    expect((await buyWithCode(site.buyer(), shirt, once.code, 'someone@example.com')).captured!.body.status).toBe(
      'paid',
    )
  })
})

describe('a discount code at checkout', () => {
  it('is used exactly N times when more buyers race for it; the others are told before paying', async () => {
    const code = await makeCode({ code: uniqueCode('rush'), kind: 'percent', value: 20, maxUses: 3 })
    const shirt = await createShirt(site.owner, { price: 25, stock: 50 })
    const buyers = Array.from({ length: 8 }, () => site.buyer())
    // Every order is placed before any is paid: the code has uses left for each of them then.
    const placed = await Promise.all(
      buyers.map(async (b) => {
        const created = await b.json('POST', '/api/orders', {
          ...orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
          discountCode: code.code,
        })
        expect(created.status).toBe(201)
        expect((await b.json('POST', '/api/checkout/bind', { orderId: created.body.id })).status).toBe(200)
        const payment = await b.json('POST', '/api/paypal/order', { orderId: created.body.id })
        expect(payment.status).toBe(200)
        return { b, paypalOrderId: payment.body.id as string }
      }),
    )
    const captured = await Promise.all(
      placed.map(({ b, paypalOrderId }) => b.json('POST', `/api/paypal/order/${paypalOrderId}/capture`)),
    )
    const paid = captured.filter((c) => c.body.status === 'paid')
    const refused = captured.filter((c) => c.body.status !== 'paid')
    expect(paid).toHaveLength(3)
    for (const r of refused) {
      expect(r.status).toBe(409)
      expect(r.body.message).toContain('ran out before your payment went through. You have not been charged')
    }
    // Nobody beyond the three was charged.
    const charged = placed.filter(({ paypalOrderId }) => site.paypal.orders.get(paypalOrderId)?.capture)
    expect(charged).toHaveLength(3)
    expect((await site.owner.json('GET', `/api/admin/discount-codes/${code.id}`)).body).toMatchObject({
      uses: 3,
      revenue: '75.00',
    })
    // Spent: the next buyer is told at once.
    const late = await buyWithCode(site.buyer(), shirt, code.code)
    expect(late.created.body.errors.discountCode).toBe('This discount code has run out.')
  })

  it('rate-limits wrong codes per client address, then refuses even a right one from there', async () => {
    const good = await makeCode({ code: uniqueCode('good'), kind: 'percent', value: 5 })
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const guesser = new Buyer(site.server.url, { forwardedFor: '198.18.0.77' })
    const attempt = (discountCode: string) =>
      guesser.json('POST', '/api/orders', {
        ...orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
        discountCode,
      })
    for (let i = 0; i < 10; i++) expect((await attempt(`GUESS${i}`)).status).toBe(400)
    const limited = await attempt('GUESS-MORE')
    expect(limited.status).toBe(429)
    expect(limited.body.message).toMatch(/Too many wrong discount codes/)
    expect((await attempt(good.code)).status).toBe(429)
    // Another address is not affected.
    expect((await buyWithCode(site.buyer(), shirt, good.code)).created.status).toBe(201)
  })
})

describe('the PayPal stand-in', () => {
  it('refuses an order whose item total, shipping and discount do not add up to its amount', async () => {
    const token = await fetch(`${site.paypal.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('fake-client-id:fake-client-secret').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    expect(token.status).toBe(200)
    const create = (value: string) =>
      fetch(`${site.paypal.url}/v2/checkout/orders`, {
        method: 'POST',
        headers: { Authorization: 'Bearer A21AA-fake-access-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              custom_id: 'x',
              amount: {
                currency_code: 'USD',
                value,
                breakdown: {
                  item_total: { currency_code: 'USD', value: '25.00' },
                  shipping: { currency_code: 'USD', value: '5.00' },
                  discount: { currency_code: 'USD', value: '2.50' },
                },
              },
            },
          ],
        }),
      })
    const mismatch = await create('30.00')
    expect(mismatch.status).toBe(422)
    expect((await mismatch.json()).details[0].issue).toBe('AMOUNT_MISMATCH')
    expect((await create('27.50')).status).toBe(201)
  })
})
