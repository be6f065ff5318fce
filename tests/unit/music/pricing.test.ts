import { describe, expect, it } from 'vitest'

import { pricingColumns, pricingSchema } from '@/modules/music/contract/pricing'
import { releaseSlugBase } from '@/modules/music/contract/releaseSlug'

const parse = (input: unknown) => pricingSchema.safeParse(input)
const messages = (input: unknown) => parse(input).error?.issues.map((i) => i.message) ?? []

describe('release pricing', () => {
  it('keeps a fixed price in integer cents', () => {
    const p = pricingSchema.parse({ mode: 'fixed', price: '$9.9' })
    expect(p).toEqual({ mode: 'fixed', price: '9.90' })
    expect(pricingColumns(p)).toEqual({
      pricingMode: 'fixed',
      priceCents: 990,
      minimumCents: null,
      suggestedCents: null,
    })
  })

  it('allows a name-your-price minimum of 0.00 and an optional suggestion', () => {
    const p = pricingSchema.parse({ mode: 'nameYourPrice', minimum: 0 })
    expect(p).toEqual({ mode: 'nameYourPrice', minimum: '0.00', suggested: null })
    expect(pricingColumns(p)).toEqual({
      pricingMode: 'nameYourPrice',
      priceCents: null,
      minimumCents: 0,
      suggestedCents: null,
    })
    const s = pricingSchema.parse({ mode: 'nameYourPrice', minimum: '1.00', suggested: '10' })
    expect(pricingColumns(s)).toMatchObject({ minimumCents: 100, suggestedCents: 1000 })
  })

  it('refuses missing, negative or over-precise amounts, a suggestion below the minimum and unknown modes', () => {
    expect(messages({ mode: 'fixed' })).toEqual(['Price is required (e.g. 9.99)'])
    expect(messages({ mode: 'fixed', price: '-1.00' })).toEqual(['Price is required (e.g. 9.99)'])
    expect(messages({ mode: 'fixed', price: '1.005' })).toEqual(['Price is required (e.g. 9.99)'])
    expect(messages({ mode: 'nameYourPrice', minimum: '-0.01' })).toEqual(['Minimum is required (e.g. 0.00)'])
    expect(messages({ mode: 'nameYourPrice', minimum: '5.00', suggested: '4.99' })).toEqual([
      'The suggested amount cannot be below the minimum',
    ])
    expect(parse({ mode: 'nameYourPrice', minimum: '5.00', suggested: '5.00' }).success).toBe(true)
    expect(messages({ mode: 'payWhatYouWant', price: '1.00' })[0]).toMatch(/^Pricing must be/)
    expect(messages(undefined)[0]).toMatch(/^Pricing must be/)
  })
})

describe('release slugs', () => {
  it('are the title in lower-case ASCII words', () => {
    expect(releaseSlugBase('Café Nights & Days!')).toBe('cafe-nights-and-days')
    expect(releaseSlugBase('???')).toBe('release')
  })
})
