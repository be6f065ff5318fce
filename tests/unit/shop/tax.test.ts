import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { priceCart, priceOrder, totalLines, taxAmountsOf, amountsOf } from '@/modules/shop/contract/cartPrice'
import type { ShippingRules } from '@/modules/shop/contract/shippingRules'
import { ratesFor, type TaxRate, type TaxSettings } from '@/modules/shop/contract/taxRules'

const RULES: ShippingRules = {
  zones: [
    { name: 'United States', countries: ['US'], rateCents: 500, freeOverCents: 7500 },
    { name: 'Germany', countries: ['DE'], rateCents: 1200, freeOverCents: null },
  ],
  restOfWorldCents: 1500,
}
const rate = (over: Partial<TaxRate>): TaxRate => ({
  country: 'US',
  region: null,
  name: 'Sales tax',
  rate: '7.25',
  appliesTo: 'all',
  taxShipping: false,
  ...over,
})
const CALIFORNIA: TaxSettings = { pricesIncludeTax: false, rates: [rate({ region: 'CA' })] }
const GERMANY: TaxSettings = {
  pricesIncludeTax: true,
  rates: [rate({ country: 'DE', name: 'VAT', rate: '19', taxShipping: true })],
}
const tee = (cents: number, quantity = 1) => [{ productId: 'tee', unitCents: cents, quantity }]

describe('tax in the one price of a cart', () => {
  it('adds California sales tax to the total, on the items alone', () => {
    const price = priceOrder(tee(2500, 2), RULES, { country: 'US', region: 'ca' }, null, CALIFORNIA)
    // 50.00 × 7.25 % = 3.625, half-up 3.63; shipping 5.00 untaxed.
    expect(price).toMatchObject({ subtotalCents: 5000, shippingCents: 500, taxCents: 363, totalCents: 5863 })
    expect(totalLines({ ...amountsOf(price, null), ...taxAmountsOf(price) }).map((l) => [l.label, l.amount])).toEqual([
      ['Subtotal', '50.00'],
      ['Shipping', '5.00'],
      ['Sales tax 7.25 %', '3.63'],
      ['Total', '58.63'],
    ])
  })

  it('charges another state, and a country without a rate, no tax', () => {
    expect(priceOrder(tee(2500), RULES, { country: 'US', region: 'OR' }, null, CALIFORNIA).taxCents).toBe(0)
    expect(priceOrder(tee(2500), RULES, { country: 'JP' }, null, GERMANY).taxLines).toEqual([])
  })

  it('a state rate wins over the country rate', () => {
    const settings: TaxSettings = { pricesIncludeTax: false, rates: [rate({ rate: '5' }), rate({ region: 'CA' })] }
    expect(ratesFor(settings, 'US', 'CA').map((r) => r.rate)).toEqual(['7.25'])
    expect(ratesFor(settings, 'US', 'NY').map((r) => r.rate)).toEqual(['5'])
    // The address's state as typed: a code in any case, or the state's name.
    expect(ratesFor(settings, 'US', ' california ').map((r) => r.rate)).toEqual(['7.25'])
    expect(ratesFor(settings, 'US', 'ca').map((r) => r.rate)).toEqual(['7.25'])
  })

  it('shows German VAT as the part of the prices it is, the total unchanged', () => {
    // 23.80 with 19 % VAT in it: 23.80 × 19 / 119 = 3.80. Shipping taxed: 12.00 × 19 / 119 = 1.92 (1.9159).
    const price = priceOrder(tee(2380), RULES, { country: 'DE' }, null, GERMANY)
    expect(price).toMatchObject({ totalCents: 2380 + 1200, taxCents: 572 })
    expect(totalLines({ ...amountsOf(price, null), ...taxAmountsOf(price) }).map((l) => [l.label, l.amount])).toEqual([
      ['Subtotal', '23.80'],
      ['Shipping', '12.00'],
      ['Total', '35.80'],
      ['incl. VAT 19 %', '5.72'],
    ])
  })

  it('taxes the items less their discount, and shipping less a free-shipping discount', () => {
    const taxShipping: TaxSettings = { pricesIncludeTax: false, rates: [rate({ rate: '10', taxShipping: true })] }
    const percent = priceOrder(
      tee(2000),
      RULES,
      { country: 'US' },
      { kind: 'percent', value: 50, productIds: [] },
      taxShipping,
    )
    expect(percent).toMatchObject({ discountCents: 1000, taxCents: 150, totalCents: 2000 + 500 - 1000 + 150 })
    const free = priceOrder(
      tee(2000),
      RULES,
      { country: 'US' },
      { kind: 'freeShipping', value: 0, productIds: [] },
      taxShipping,
    )
    expect(free).toMatchObject({ discountCents: 500, taxCents: 200, totalCents: 2200 })
  })

  it('without rates prices exactly as priceCart', () => {
    const discount = { kind: 'percent' as const, value: 15, productIds: [] }
    const { taxCents, taxLines, pricesIncludeTax, ...price } = priceOrder(
      tee(2500, 4),
      RULES,
      { country: 'US' },
      discount,
    )
    expect(price).toEqual(priceCart(tee(2500, 4), RULES, 'US', discount))
    expect([taxCents, taxLines, pricesIncludeTax]).toEqual([0, [], false])
  })
})

describe('the taxed price for any cart', () => {
  it('always adds up: the lines make the tax, the total the parts, nothing negative', () => {
    const rateArb = fc.record({
      country: fc.constantFrom('US', 'DE'),
      region: fc.constantFrom(null, 'CA'),
      name: fc.constantFrom('Sales tax', 'VAT', 'City tax'),
      rate: fc
        .integer({ min: 0, max: 100_000 })
        .map((t) => `${Math.floor(t / 1000)}.${String(t % 1000).padStart(3, '0')}`),
      appliesTo: fc.constantFrom('all' as const, 'physical' as const, 'digital' as const),
      taxShipping: fc.boolean(),
    })
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ unitCents: fc.integer({ min: 0, max: 50000 }), quantity: fc.integer({ min: 1, max: 100 }) }),
          { minLength: 0, maxLength: 6 },
        ),
        fc.record({ pricesIncludeTax: fc.boolean(), rates: fc.array(rateArb, { maxLength: 4 }) }),
        fc.constantFrom('US', 'DE', 'JP'),
        fc.constantFrom(null, 'CA', 'NY'),
        fc.oneof(
          fc.constant(null),
          fc.record({
            kind: fc.constantFrom('percent' as const, 'amount' as const),
            value: fc.integer({ min: 1, max: 100 }),
            productIds: fc.constant([] as string[]),
          }),
          fc.constant({ kind: 'freeShipping' as const, value: 0, productIds: [] as string[] }),
        ),
        (items, tax, country, region, discount) => {
          const lines = items.map((l, i) => ({ productId: `p${i}`, ...l }))
          const price = priceOrder(lines, RULES, { country, region }, discount, tax)
          const linesSum = price.taxLines.reduce((sum, l) => sum + l.amountCents, 0)
          expect(linesSum).toBe(price.taxCents)
          const parts = price.subtotalCents + price.shippingCents - price.discountCents
          expect(price.totalCents).toBe(parts + (tax.pricesIncludeTax ? 0 : price.taxCents))
          for (const n of [price.taxCents, price.totalCents, parts, ...price.taxLines.map((l) => l.amountCents)])
            expect(n).toBeGreaterThanOrEqual(0)
          for (const l of price.taxLines) expect(Number.isInteger(l.amountCents)).toBe(true)
          // An included tax is never more than what was paid.
          if (tax.pricesIncludeTax) expect(price.taxCents).toBeLessThanOrEqual(parts)
        },
      ),
      { numRuns: 500 },
    )
  })
})
