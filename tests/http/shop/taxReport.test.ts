// A server of its own: the report sums every sale of the period on the site, and only this file may make them.
import crypto from 'node:crypto'

import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'

import { Buyer, checkout, createShirt } from '../../helpers/checkout'
import { Client } from '../../helpers/http'
import { member, useSite } from '../../helpers/site'
import { CALIFORNIA, GERMANY } from '../../helpers/taxRates'

/**
 * The tax report on the production server: web orders taxed in California (added to the prices)
 * and Germany (VAT in the prices), a refund, and a merch-table sale at a show in Washington whose
 * tax is part of its price; the report as CSV and JSON, its dates, who reads it, and the EU
 * threshold warning.
 */

let ip = 10
const site = useSite('198.51.100.70')
const buyer = () => new Buyer(site.server.url, { forwardedFor: `198.51.100.${100 + ip++}` })

const WASHINGTON = { country: 'US', region: 'WA', name: 'Sales tax', rate: '6.5', appliesTo: 'all', taxShipping: false }
const HOME = { homeCountry: 'US', homeRegion: 'CA' }
const CA_ADDRESS = { street: '1 Sunset Blvd', city: 'Los Angeles', state: 'CA', zipCode: '90001', country: 'US' }
const DE_ADDRESS = { street: 'Hauptstraße 5', city: 'Berlin', state: '', zipCode: '10115', country: 'DE' }

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
/** Yesterday to tomorrow (UTC): today in any time zone the band may be in. */
const PERIOD = `from=${day(-1)}&to=${day(1)}`

/** The report as JSON (`Accept: application/json`). */
async function reportJson(client: Client, query: string) {
  const res = await client.get(`/api/admin/tax/report?${query}`, { Accept: 'application/json' })
  return { status: res.status, body: await res.json() }
}

async function paid(price: number, quantity: number, shippingAddress: typeof CA_ADDRESS) {
  const shirt = await createShirt(site.owner, { price, stock: 5 })
  const line = { productId: shirt.productId, productOptionId: shirt.optionId, quantity, price: price.toFixed(2) }
  const result = await checkout(buyer(), [line], undefined, { shippingAddress })
  expect(result, JSON.stringify(result.body)).toMatchObject({ stage: 'capture', status: 200, body: { status: 'paid' } })
  return result.orderId
}

async function tableSale() {
  const show = await site.owner.json('POST', '/api/admin/shows', {
    title: 'Seattle Night',
    venue: 'The Crocodile',
    date: day(0),
    state: 'WA',
    country: 'us',
  })
  expect(show.status, JSON.stringify(show.body)).toBe(201)
  expect(show.body).toMatchObject({ state: 'WA', country: 'US' })
  const till = await site.owner.json('POST', `/api/admin/shows/${show.body.id}/tills`, {})
  expect(till.status).toBe(201)
  const tee = await createShirt(site.owner, { price: 20, stock: 5 })
  const id = crypto.randomUUID()
  const sold = await new Client(site.server.url, { forwardedFor: `198.51.100.${100 + ip++}` }).json(
    'POST',
    `/api/till/${till.body.token}/sales`,
    {
      id,
      at: new Date().toISOString(),
      items: [{ productId: tee.productId, productOptionId: tee.optionId, quantity: 1, unitPrice: '20.00' }],
      payment: 'cash',
    },
  )
  expect(sold.status, JSON.stringify(sold.body)).toBe(201)
  return id
}

describe('the tax report', () => {
  it('sums web and table sales per place and tax, refunds deducted, as CSV and JSON', async () => {
    const zones = [
      { name: 'United States', countries: ['US'], rate: '5.00' },
      { name: 'Germany', countries: ['DE'], rate: '4.76' },
    ]
    expect((await site.owner.json('PUT', '/api/admin/shipping', { zones, restOfWorld: null })).status).toBe(200)
    const exclusive = { pricesIncludeTax: false, rates: [CALIFORNIA, WASHINGTON], ...HOME }
    const saved = await site.owner.json('PUT', '/api/admin/tax', exclusive)
    expect(saved.body).toMatchObject(HOME)
    // 2 × 25.00 + 5.00 shipping; 50.00 × 7.25 % = 3.63 added: 58.63.
    await paid(25, 2, CA_ADDRESS)
    // 25.00 × 7.25 % = 1.81 added: 31.81, refunded.
    const refunded = await paid(25, 1, CA_ADDRESS)
    expect((await site.owner.json('POST', `/api/admin/orders/${refunded}/refund`)).body.status).toBe('refunded')
    const inclusive = { pricesIncludeTax: true, rates: [CALIFORNIA, WASHINGTON, GERMANY], ...HOME }
    expect((await site.owner.json('PUT', '/api/admin/tax', inclusive)).status).toBe(200)
    // 11,900.00 + 4.76 shipping, 19 % included: 11,904.76 × 19 / 119 = 1,900.76.
    await paid(11_900, 1, DE_ADDRESS)
    // 20.00 at the table in Washington, 6.5 % included: 20.00 × 6.5 / 106.5 = 1.22.
    const saleId = await tableSale()
    const [stored] = await site.db.query('SELECT tax_cents, tax_lines FROM till_sales WHERE id = $1', [saleId])
    expect(stored).toEqual({ tax_cents: 122, tax_lines: [{ name: 'Sales tax', rate: '6.5', amountCents: 122 }] })

    const report = await reportJson(site.owner, PERIOD)
    expect(report.status).toBe(200)
    expect(report.body.rows).toEqual([
      { channel: 'table', country: 'US', region: 'WA', tax: 'Sales tax', rate: '6.5', orders: 1, netCents: 1878, taxCents: 122, refundedCents: 0 },
      { channel: 'web', country: 'DE', region: '', tax: 'VAT', rate: '19', orders: 1, netCents: 1_000_400, taxCents: 190_076, refundedCents: 0 },
      { channel: 'web', country: 'US', region: 'CA', tax: 'Sales tax', rate: '7.25', orders: 2, netCents: 5500, taxCents: 363, refundedCents: 3181 },
    ]) // prettier-ignore
    expect(report.body.totals).toEqual({ orders: 4, netCents: 1_007_778, taxCents: 190_561, refundedCents: 3181 })
    // 10,004.00 of sales to Germany this year: past the EU's 10,000 for a band in California.
    expect(report.body.warnings).toMatchObject([{ kind: 'euDistance', place: 'EU', netCents: 1_000_400 }])

    const csv = await site.owner.get(`/api/admin/tax/report?${PERIOD}`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toContain(`tax-report-${day(-1)}-to-${day(1)}`)
    expect(parse(await csv.text(), { columns: true, bom: true })).toEqual([
      { Channel: 'table', Country: 'US', Region: 'WA', Tax: 'Sales tax', Rate: '6.5', Orders: '1', 'Net Sales': '18.78', 'Tax Amount': '1.22', Refunds: '0.00' },
      { Channel: 'web', Country: 'DE', Region: '', Tax: 'VAT', Rate: '19', Orders: '1', 'Net Sales': '10004.00', 'Tax Amount': '1900.76', Refunds: '0.00' },
      { Channel: 'web', Country: 'US', Region: 'CA', Tax: 'Sales tax', Rate: '7.25', Orders: '2', 'Net Sales': '55.00', 'Tax Amount': '3.63', Refunds: '31.81' },
    ]) // prettier-ignore

    // A period before any sale is empty, and so are its warnings' year's sales until then.
    const empty = await reportJson(site.owner, 'from=2020-01-01&to=2020-03-31')
    expect(empty.body).toMatchObject({ rows: [], warnings: [], totals: { orders: 0, netCents: 0 } })
  })

  it('refuses bad dates with 400 and says why', async () => {
    const get = (q: string) => reportJson(site.owner, q)
    const bad = await get('from=2026-02-30&to=tomorrow')
    expect(bad.status).toBe(400)
    expect(bad.body.errors).toEqual({ from: 'Use a date like 2026-01-31', to: 'Use a date like 2026-01-31' })
    expect((await get('from=2026-01-01')).body.errors).toEqual({ to: 'Use a date like 2026-01-31' })
    const backwards = await get('from=2026-03-01&to=2026-02-01')
    expect(backwards.status).toBe(400)
    expect(backwards.body.errors.to).toBe('The end date must be on or after the start date')
    const long = await get('from=2025-01-01&to=2026-01-02')
    expect(long.status).toBe(400)
    expect(long.body.errors.to).toBe('A report covers at most 366 days')
    expect((await get('from=2024-01-01&to=2024-12-31')).status).toBe(200)
  })

  it('owners, managers and viewers read it; anonymous visitors get 401', async () => {
    const viewer = await member(site, 'report-viewer@example.com', 'viewer', '198.51.100.90')
    const manager = await member(site, 'report-manager@example.com', 'manager', '198.51.100.91')
    expect((await viewer.client.get(`/api/admin/tax/report?${PERIOD}`)).status).toBe(200)
    expect((await manager.client.get(`/api/admin/tax/report?${PERIOD}`)).status).toBe(200)
    expect(
      (
        await new Client(site.server.url, { forwardedFor: `198.51.100.${100 + ip++}` }).get(
          `/api/admin/tax/report?${PERIOD}`,
        )
      ).status,
    ).toBe(401)
    expect((await viewer.client.json('PUT', '/api/admin/tax', { pricesIncludeTax: false, rates: [] })).status).toBe(403)
  })
})
