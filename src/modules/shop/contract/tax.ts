import { z } from 'zod'

import { isCountryCode, toCountryCode } from '@/lib/countries'

import { boolean, optionalCountry, optionalText, requiredText } from '@/lib/schemas/fields'

/** A percent from 0 to 100 with at most three decimals: "7.25", "19". */
const RATE = /^\d{1,3}(\.\d{1,3})?$/

const rateSchema = z.object({
  country: z
    .string({ error: 'Use a two-letter country code such as DE' })
    .transform(toCountryCode)
    .refine((c: string): boolean => isCountryCode(c), 'Use a two-letter country code such as DE'),
  region: z
    .union([z.string(), z.null()], { error: 'Use a two-letter state code such as CA, or null' })
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? null : v.trim().toUpperCase()))
    .refine((v) => v === null || /^[A-Z]{2}$/.test(v), 'Use a two-letter state code such as CA, or null'),
  name: requiredText('Name the tax, such as Sales tax or VAT', 50),
  rate: z
    .union([z.string(), z.number()], { error: 'Enter a rate like 7.25' })
    .transform((v) => String(v).trim())
    .refine((v) => RATE.test(v) && Number(v) <= 100, 'Enter a rate from 0 to 100 with at most 3 decimals, like 7.25'),
  appliesTo: z.enum(['all', 'physical', 'digital'], { error: 'Choose all, physical or digital' }),
  taxShipping: boolean,
})

/** PUT /api/admin/tax: whether prices include tax, and the rates by country and US state. */
export const taxSchema = z
  .object({
    pricesIncludeTax: boolean,
    rates: z.array(rateSchema, { error: 'Rates must be a list' }).max(200, 'At most 200 rates'),
    /** The band's own country and US state: the tax report's thresholds are about the others. */
    homeCountry: optionalCountry,
    homeRegion: optionalText(2)
      .transform((v) => (v == null ? v : v.toUpperCase()))
      .refine((v) => v == null || /^[A-Z]{2}$/.test(v), 'Use a two-letter state code such as CA'),
  })
  .superRefine((input, ctx) => {
    if (input.homeRegion && input.homeCountry !== 'US')
      ctx.addIssue({ code: 'custom', path: ['homeRegion'], message: 'Only a band in the US has a state here' })
    const seen = new Set<string>()
    input.rates.forEach((r, i) => {
      if (r.region !== null && r.country !== 'US')
        ctx.addIssue({ code: 'custom', path: ['rates', i, 'region'], message: 'Only US rates have a state' })
      const key = `${r.country}/${r.region ?? ''}/${r.name.toLowerCase()}/${r.appliesTo}`
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['rates', i, 'name'],
          message: 'This tax is already listed for this place',
        })
      seen.add(key)
    })
  })

export type TaxInput = z.infer<typeof taxSchema>
