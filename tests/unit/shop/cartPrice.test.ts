import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import { amountsOf, priceCart, priceOrder, totalLines } from '@/modules/shop/contract/cartPrice'
import { dollars } from '@/lib/money'
import { DEFAULT_SHIPPING, type ShippingRules } from '@/modules/shop/contract/shippingRules'

const US_FREE_OVER_75: ShippingRules = {
  zones: [
    { name: 'United States', countries: ['US'], rateCents: 500, freeOverCents: 7500 },
    { name: 'Germany', countries: ['DE'], rateCents: 1200, freeOverCents: null },
  ],
  restOfWorldCents: null,
}
const tees = (n: number) => [{ productId: 'tee', unitCents: 2500, quantity: n }]

const album = { productId: 'album', unitCents: 800, quantity: 1, digital: true }
const VAT_ON_DIGITAL = {
  pricesIncludeTax: false,
  rates: [{ country: 'US', region: null, name: 'VAT', rate: '10', appliesTo: 'digital' as const, taxShipping: true }],
}

describe('a release in the price: digital goods', () => {
  it('alone ships nothing anywhere and takes no discount', () => {
    for (const country of ['US', 'JP'])
      expect(priceCart([album], US_FREE_OVER_75, country, { kind: 'percent', value: 50, productIds: [] })).toEqual({
        subtotalCents: 800,
        discountCents: 0,
        shippingCents: 0,
        shipsToCountry: true,
        totalCents: 800,
      })
  })

  it('beside a shirt: shipping for the shirt, free-over judged on what ships, a digital rate on the release only', () => {
    expect(priceCart([...tees(2), { ...album, unitCents: 3000 }], US_FREE_OVER_75, 'US', null)).toMatchObject({
      shippingCents: 500,
    })
    const taxed = priceOrder([...tees(1), album], DEFAULT_SHIPPING, { country: 'US' }, null, VAT_ON_DIGITAL)
    expect(taxed).toMatchObject({ subtotalCents: 3300, shippingCents: 500, taxCents: 130, totalCents: 3930 })
  })
})

describe('priceCart: the one price of a cart', () => {
  it('ships free over the zone amount, judged before the discount ($100 less 15% is $85, not $105)', () => {
    const price = priceCart(tees(4), US_FREE_OVER_75, 'US', { kind: 'percent', value: 15, productIds: [] })
    expect(price).toEqual({
      subtotalCents: 10000,
      discountCents: 1500,
      shippingCents: 0,
      shipsToCountry: true,
      totalCents: 8500,
    })
  })

  it("prices Germany at its zone's rate and refuses a country no zone covers", () => {
    expect(priceCart(tees(4), US_FREE_OVER_75, 'DE', null).totalCents).toBe(11200)
    expect(priceCart(tees(4), US_FREE_OVER_75, 'JP', null)).toMatchObject({ shipsToCountry: false, shippingCents: 0 })
  })

  it('free shipping takes the shipping off; the default rules charge the US 5.00', () => {
    const price = priceCart(tees(1), DEFAULT_SHIPPING, 'US', { kind: 'freeShipping', value: 0, productIds: [] })
    expect(price).toMatchObject({ shippingCents: 500, discountCents: 500, totalCents: 2500 })
  })

  it('always adds up, and its lines add up to the total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ unitCents: fc.integer({ min: 0, max: 50000 }), quantity: fc.integer({ min: 1, max: 100 }) }),
          {
            minLength: 1,
            maxLength: 6,
          },
        ),
        fc.integer({ min: 0, max: 5000 }),
        fc.option(fc.integer({ min: 0, max: 100000 }), { nil: null }),
        fc.oneof(
          fc.constant(null),
          fc.record({
            kind: fc.constant('percent' as const),
            value: fc.integer({ min: 1, max: 100 }),
            productIds: fc.constant([] as string[]),
          }),
          fc.record({
            kind: fc.constant('amount' as const),
            value: fc.integer({ min: 1, max: 100000 }),
            productIds: fc.constant([] as string[]),
          }),
          fc.constant({ kind: 'freeShipping' as const, value: 0, productIds: [] as string[] }),
        ),
        (lines, rateCents, freeOverCents, discount) => {
          const rules = { zones: [{ name: 'US', countries: ['US'], rateCents, freeOverCents }], restOfWorldCents: null }
          const price = priceCart(
            lines.map((l) => ({ productId: 'p', ...l })),
            rules,
            'US',
            discount,
          )
          expect(price.totalCents).toBe(price.subtotalCents + price.shippingCents - price.discountCents)
          expect(price.totalCents).toBeGreaterThanOrEqual(0)
          const shown = totalLines(amountsOf(price, discount ? 'CODE' : null))
          const cents = (a: string) => Math.round(Number(a) * 100)
          const byKey = Object.fromEntries(shown.map((l) => [l.key, cents(l.amount)]))
          expect(byKey.subtotal! + (byKey.discount ?? 0) + byKey.shipping!).toBe(byKey.total)
        },
      ),
    )
  })
})

describe('totalLines and dollars', () => {
  it('list Subtotal, the discount with its code, Shipping and Total; negatives read -$2.50', () => {
    const lines = totalLines({
      subtotalAmount: '25.00',
      discountAmount: '2.50',
      discountCode: 'FALL',
      shippingAmount: '12.00',
      totalAmount: '34.50',
    })
    expect(lines.map((l) => `${l.label} ${dollars(l.amount)}`)).toEqual([
      'Subtotal $25.00',
      'Discount (FALL) -$2.50',
      'Shipping $12.00',
      'Total $34.50',
    ])
    expect(totalLines({ subtotalAmount: '5.00', shippingAmount: '5.00', totalAmount: '10.00' })).toHaveLength(3)
  })
})
