import { describe, expect, it } from 'vitest'

import { createShirt, orderBody } from '../../helpers/checkout'
import { usePaypalSite } from '../../helpers/paypalSite'
import { member } from '../../helpers/site'

/**
 * Shipping by country on the production server: the zones the team sets (GET/PUT
 * /api/admin/shipping), the shipping the server computes for an address, each country's postal
 * code and state rules, and PayPal's breakdown for an international order.
 */

const site = usePaypalSite()

const address = (country: string, zipCode: string, state = '') => ({
  street: 'Hauptstraße 5',
  city: 'Berlin',
  state,
  zipCode,
  country,
})

async function order(shippingAddress: ReturnType<typeof address>, price = 25, extra: Record<string, unknown> = {}) {
  const shirt = await createShirt(site.owner, { price, stock: 5 })
  return site.buyer().json('POST', '/api/orders', {
    ...orderBody([
      { productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: price.toFixed(2) },
    ]),
    shippingAddress,
    ...extra,
  })
}

describe('shipping by country', () => {
  it('ships to the US alone at 5.00 until the team sets zones', async () => {
    const viewer = await member(site, 'ship-viewer@example.com', 'viewer', '203.0.113.210')
    const read = await viewer.client.json('GET', '/api/admin/shipping')
    expect(read.status).toBe(200)
    expect(read.body).toEqual({
      zones: [{ name: 'United States', countries: ['US'], rate: '5.00', freeOver: null }],
      restOfWorld: null,
    })
    const us = await order(address('US', '97201', 'OR'))
    expect(us.body).toMatchObject({ shippingAmount: '5.00', totalAmount: '30.00' })
    const de = await order(address('DE', '10115'))
    expect(de.status).toBe(400)
    expect(de.body.errors['shippingAddress.country']).toBe("Sorry, we don't ship to Germany yet.")
  })

  it('refuses bad zones with 400 and a message per field', async () => {
    const put = (body: unknown) => site.owner.json('PUT', '/api/admin/shipping', body)
    expect((await put({ zones: [], restOfWorld: null })).body.errors.zones).toBe('Add at least one zone')
    const unknown = await put({ zones: [{ name: 'X', countries: ['XX'], rate: '5' }], restOfWorld: null })
    expect(unknown.status).toBe(400)
    expect(unknown.body.errors['zones.0.countries.0']).toBe('Use two-letter country codes such as DE')
    const twice = await put({
      zones: [
        { name: 'A', countries: ['DE'], rate: '5' },
        { name: 'B', countries: ['de'], rate: '6' },
      ],
      restOfWorld: '10',
    })
    expect(twice.body.errors['zones.1.countries']).toBe('DE is already in another zone')
    const rate = await put({ zones: [{ name: 'A', countries: ['US'], rate: 'cheap' }] })
    expect(rate.body.errors).toMatchObject({ 'zones.0.rate': 'Enter a rate like 5.00' })
  })

  it('charges each zone its rate, free over its amount, and the rest of the world its own', async () => {
    const saved = await site.owner.json('PUT', '/api/admin/shipping', {
      zones: [
        { name: 'United States', countries: ['US'], rate: '5.00', freeOver: '100' },
        { name: 'Europe', countries: ['DE', 'FR', 'GB'], rate: '12.00', freeOver: '60.00' },
      ],
      restOfWorld: '20',
    })
    expect(saved.status).toBe(200)
    expect(saved.body.zones[1]).toEqual({
      name: 'Europe',
      countries: ['DE', 'FR', 'GB'],
      rate: '12.00',
      freeOver: '60.00',
    })
    expect(saved.body.restOfWorld).toBe('20.00')

    // The spec's US order: 5.00 shipping, and the page's own amounts are accepted as before.
    const us = await order(address('US', '97201', 'OR'), 25, { shippingAmount: '5.00', totalAmount: '30.00' })
    expect(us.status).toBe(201)
    expect(us.body).toMatchObject({ shippingAmount: '5.00', totalAmount: '30.00' })
    expect((await order(address('US', '97201', 'OR'), 120)).body.shippingAmount).toBe('0.00')
    const de = await order(address('de', '10115'))
    expect(de.body).toMatchObject({ shippingAmount: '12.00', totalAmount: '37.00' })
    expect((await order(address('FR', '75001'), 60)).body.shippingAmount).toBe('0.00')
    expect((await order(address('JP', '100-0001', 'Tokyo'))).body.shippingAmount).toBe('20.00')
    // The client's shipping is never trusted.
    const claimed = await order(address('DE', '10115'), 25, { shippingAmount: '5.00' })
    expect(claimed.status).toBe(409)
    expect(claimed.body.message).toContain('$12.00')
  })
})

describe('shipping by country', () => {
  it("checks postal codes and states by the country's own rule, and keeps the US texts", async () => {
    const badDe = await order(address('DE', '1011'))
    expect(badDe.status).toBe(400)
    expect(badDe.body.errors['shippingAddress.zipCode']).toBe('Enter a postal code as used in Germany')
    const gb = await order(address('GB', 'SW1A 1AA'))
    expect(gb.status).toBe(201)
    const ca = await order(address('CA', 'K1A 0B1'))
    expect(ca.body.errors['shippingAddress.state']).toBe('State or province is required')
    const us = await order(address('US', '123', ''))
    expect(us.body.errors).toMatchObject({
      'shippingAddress.state': 'State is required',
      'shippingAddress.zipCode': 'ZIP code is required',
    })
    const nowhere = await order(address('ZZ', '1'))
    expect(nowhere.body.errors['shippingAddress.country']).toBe('Choose a country')
  })

  it('sends an international order to PayPal with totals that add up, and it is paid', async () => {
    const shirt = await createShirt(site.owner, { price: 25, stock: 5 })
    const b = site.buyer()
    const created = await b.json('POST', '/api/orders', {
      ...orderBody([{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '25.00' }]),
      shippingAddress: address('DE', '10115'),
    })
    expect(created.status).toBe(201)
    expect((await b.json('POST', '/api/checkout/bind', { orderId: created.body.id })).status).toBe(200)
    const payment = await b.json('POST', '/api/paypal/order', { orderId: created.body.id })
    expect(payment.status).toBe(200)
    const amount = site.paypal.requests.find(
      (r) => r.path === '/v2/checkout/orders' && r.body.purchase_units[0].custom_id === created.body.id,
    )!.body.purchase_units[0].amount
    expect(amount.value).toBe('37.00')
    expect(amount.breakdown.shipping.value).toBe('12.00')
    const captured = await b.json('POST', `/api/paypal/order/${payment.body.id}/capture`)
    expect(captured.body.status).toBe('paid')
    expect((await site.db.order(created.body.id)).shipping_address).toMatchObject({ country: 'DE', zipCode: '10115' })
  })

  it('stops shipping to the rest of the world when its rate is null', async () => {
    await site.owner.json('PUT', '/api/admin/shipping', {
      zones: [{ name: 'United States', countries: ['US'], rate: '5.00' }],
      restOfWorld: null,
    })
    const jp = await order(address('JP', '100-0001', 'Tokyo'))
    expect(jp.status).toBe(400)
    expect(jp.body.errors['shippingAddress.country']).toBe("Sorry, we don't ship to Japan yet.")
  })
})
