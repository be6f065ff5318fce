import { z } from 'zod'

import { toCents } from '@/lib/money'
import { moneyString } from '@/lib/schemas/fields'

/**
 * How a release is sold: at a fixed price, or for what the fan names, at least the minimum
 * (which may be 0.00), with an optional suggested amount no lower than the minimum. Amounts cross
 * the wire as two-decimal strings ("9.99") and are kept in integer cents.
 */
export const PRICING_MODES = ['fixed', 'nameYourPrice'] as const
export type PricingMode = (typeof PRICING_MODES)[number]

const fixed = z.object({
  mode: z.literal('fixed'),
  price: moneyString({ message: 'Price is required (e.g. 9.99)' }),
})

const nameYourPrice = z
  .object({
    mode: z.literal('nameYourPrice'),
    minimum: moneyString({ message: 'Minimum is required (e.g. 0.00)' }),
    suggested: z
      .union([moneyString({ message: 'Enter a suggested amount like 10.00' }), z.null()])
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((p) => p.suggested === null || toCents(p.suggested) >= toCents(p.minimum), {
    path: ['suggested'],
    message: 'The suggested amount cannot be below the minimum',
  })

export const pricingSchema = z.discriminatedUnion('mode', [fixed, nameYourPrice], {
  error: 'Pricing must be {mode: "fixed", price} or {mode: "nameYourPrice", minimum, suggested?}',
})

export type PricingInput = z.infer<typeof pricingSchema>

/** The stored columns of a pricing: the mode and its amounts in cents (the other mode's are null). */
export type PricingColumns = {
  pricingMode: PricingMode
  priceCents: number | null
  minimumCents: number | null
  suggestedCents: number | null
}

export function pricingColumns(pricing: PricingInput): PricingColumns {
  if (pricing.mode === 'fixed')
    return { pricingMode: 'fixed', priceCents: toCents(pricing.price), minimumCents: null, suggestedCents: null }
  return {
    pricingMode: 'nameYourPrice',
    priceCents: null,
    minimumCents: toCents(pricing.minimum),
    suggestedCents: pricing.suggested === null ? null : toCents(pricing.suggested),
  }
}
