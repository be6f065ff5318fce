import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'

import { createShirt, orderBody, type Buyer } from '../../helpers/checkout'
import { usePaypalSite } from '../../helpers/paypalSite'
import { member } from '../../helpers/site'
import { CALIFORNIA, GERMANY } from '../../helpers/taxRates'

/**
 * Sales tax and VAT on the production server: the settings (GET/PUT /api/admin/tax), and a
 * Californian order with its sales tax added and a German one with VAT included, each through the
 * quote, the order, PayPal's order and capture, the email, and the orders CSV.
 */

const site = usePaypalSite()

/** Pays order `id` through the PayPal stand-in; answers the amount PayPal was asked for. */
async function payAtPaypal(b: Buyer, id: string) {
  expect((await b.json('POST', '/api/checkout/bind', { orderId: id })).status).toBe(200)
  const payment = await b.json('POST', '/api/paypal/order', { orderId: id })
  expect(payment.status, JSON.stringify(payment.body)).toBe(200)
  const amount = site.paypal.requests.find(
    (r) => r.path === '/v2/checkout/orders' && r.body.purchase_units[0].custom_id === id,
  )!.body.purchase_units[0].amount
  const captured = await b.json('POST', `/api/paypal/order/${payment.body.id}/capture`)
  expect(captured.body.status).toBe('paid')
  return amount
}

async function confirmationText(id: string): Promise<string> {
  const jobs = (await site.db.emailJobs('alex@example.com')).filter((j) => j.input.subject.includes(id.slice(0, 8)))
  expect(jobs).toHaveLength(1)
  return jobs[0]!.input.text as string
}

async function csvRow(id: string) {
  const res = await site.owner.get('/api/admin/orders/export')
  const rows: Record<string, string>[] = parse(await res.text(), { columns: true, bom: true })
  return rows.find((r) => r['Order ID'] === id)!
}

describe('tax settings', () => {
  it('charges no tax until set; a viewer reads them but may not change them', async () => {
    const viewer = await member(site, 'tax-viewer@example.com', 'viewer', '203.0.113.211')
    const read = await viewer.client.json('GET', '/api/admin/tax')
    expect(read.status).toBe(200)
    expect(read.body).toEqual({ pricesIncludeTax: false, rates: [], homeCountry: null, homeRegion: null })
    const put = await viewer.client.json('PUT', '/api/admin/tax', { pricesIncludeTax: false, rates: [CALIFORNIA] })
    expect(put.status).toBe(403)
    expect((await site.owner.json('GET', '/api/admin/tax')).body.rates).toEqual([])
  })

  it('refuses bad settings with 400 and a message per field', async () => {
    const put = (body: unknown) => site.owner.json('PUT', '/api/admin/tax', body)
    const bad = await put({
      pricesIncludeTax: 'yes',
      rates: [
        { ...CALIFORNIA, rate: '101' },
        { ...CALIFORNIA, rate: '7.2555', country: 'XX' },
        { ...GERMANY, region: 'BY', appliesTo: 'food', name: '' },
      ],
    })
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toMatchObject({
      pricesIncludeTax: 'Must be true or false',
      'rates.0.rate': 'Enter a rate from 0 to 100 with at most 3 decimals, like 7.25',
      'rates.1.rate': 'Enter a rate from 0 to 100 with at most 3 decimals, like 7.25',
      'rates.1.country': 'Use a two-letter country code such as DE',
      'rates.2.appliesTo': 'Choose all, physical or digital',
      'rates.2.name': 'Name the tax, such as Sales tax or VAT',
    })
    const regionAbroad = await put({ pricesIncludeTax: true, rates: [{ ...GERMANY, region: 'BY' }] })
    expect(regionAbroad.body.errors['rates.0.region']).toBe('Only US rates have a state')
    expect((await put({ pricesIncludeTax: false, rates: 'all' })).body.errors.rates).toBe('Rates must be a list')
    expect((await site.owner.json('GET', '/api/admin/tax')).body.rates).toEqual([])
  })
})

describe('a taxed checkout', () => {
  it('adds California sales tax of 7.25 % to a Californian order, and only to it', async () => {
    const saved = await site.owner.json('PUT', '/api/admin/tax', {
      pricesIncludeTax: false,
      rates: [{ ...CALIFORNIA, rate: '7.250' }],
    })
    expect(saved.status).toBe(200)
    expect(saved.body.rates).toEqual([CALIFORNIA])
    const shirt = await createShirt(site.owner, { price: 25, stock: 10 })
    const items = [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 2, price: '25.00' }]
    const b = site.buyer()
    const quote = await b.json('POST', '/api/checkout/quote', { items, country: 'US', state: 'ca' })
    expect(quote.status).toBe(200)
    // 50.00 × 7.25 % = 3.625, rounded half-up to 3.63; the 5.00 shipping is not taxed.
    expect(quote.body).toMatchObject({
      subtotalAmount: '50.00',
      shippingAmount: '5.00',
      taxAmount: '3.63',
      taxLines: [{ name: 'Sales tax', rate: '7.25', amount: '3.63' }],
      pricesIncludeTax: false,
      totalAmount: '58.63',
    })
    const oregon = await b.json('POST', '/api/checkout/quote', { items, country: 'US', state: 'OR' })
    expect(oregon.body).toMatchObject({ taxAmount: '0.00', taxLines: [], totalAmount: '55.00' })

    const address = { street: '1 Sunset Blvd', city: 'Los Angeles', state: 'CA', zipCode: '90001', country: 'US' }
    const created = await b.json('POST', '/api/orders', {
      ...orderBody(items),
      shippingAddress: address,
      totalAmount: '58.63',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ taxAmount: '3.63', totalAmount: '58.63' })
    const amount = await payAtPaypal(b, created.body.id)
    expect(amount.value).toBe('58.63')
    expect(amount.breakdown).toMatchObject({
      item_total: { value: '50.00' },
      shipping: { value: '5.00' },
      tax_total: { value: '3.63' },
    })
    expect(await confirmationText(created.body.id)).toMatch(/Sales tax 7\.25 %: +\$3\.63\n +Total: +\$58\.63/)
    expect(await csvRow(created.body.id)).toMatchObject({
      Tax: '3.63',
      'Tax Lines': 'Sales tax 7.25 %: 3.63',
      Total: '58.63',
    })
  })
})

describe('a checkout with VAT in the prices', () => {
  it('shows German VAT of 19 % as part of prices that include it, the total unchanged', async () => {
    await site.owner.json('PUT', '/api/admin/shipping', {
      zones: [
        { name: 'United States', countries: ['US'], rate: '5.00' },
        { name: 'Germany', countries: ['DE'], rate: '4.76' },
      ],
      restOfWorld: null,
    })
    const saved = await site.owner.json('PUT', '/api/admin/tax', {
      pricesIncludeTax: true,
      rates: [CALIFORNIA, GERMANY],
    })
    expect(saved.status).toBe(200)
    const shirt = await createShirt(site.owner, { price: 23.8, stock: 10 })
    const items = [{ productId: shirt.productId, productOptionId: shirt.optionId, quantity: 1, price: '23.80' }]
    const b = site.buyer()
    // (23.80 + 4.76 shipping) × 19 / 119 = 4.56.
    const quote = await b.json('POST', '/api/checkout/quote', { items, country: 'DE' })
    expect(quote.body).toMatchObject({
      subtotalAmount: '23.80',
      shippingAmount: '4.76',
      taxAmount: '4.56',
      taxLines: [{ name: 'VAT', rate: '19', amount: '4.56' }],
      pricesIncludeTax: true,
      totalAmount: '28.56',
    })
    const address = { street: 'Hauptstraße 5', city: 'Berlin', state: '', zipCode: '10115', country: 'DE' }
    const created = await b.json('POST', '/api/orders', {
      ...orderBody(items),
      shippingAddress: address,
      totalAmount: '28.56',
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body).toMatchObject({ taxAmount: '4.56', pricesIncludeTax: true, totalAmount: '28.56' })
    const amount = await payAtPaypal(b, created.body.id)
    expect(amount.value).toBe('28.56')
    expect(amount.breakdown.item_total.value).toBe('23.80')
    expect(amount.breakdown.tax_total).toBeUndefined()
    expect(await confirmationText(created.body.id)).toMatch(/Total: +\$28\.56\n +incl\. VAT 19 %: +\$4\.56/)
    expect(await csvRow(created.body.id)).toMatchObject({ Tax: '4.56', 'Tax Lines': 'incl. VAT 19 %: 4.56' })
    const [row] = await site.db.query('SELECT tax_amount, tax_lines, prices_include_tax FROM orders WHERE id = $1', [
      created.body.id,
    ])
    expect(row).toEqual({
      tax_amount: '4.56',
      tax_lines: [{ name: 'VAT', rate: '19', amount: '4.56' }],
      prices_include_tax: true,
    })
  })
})
