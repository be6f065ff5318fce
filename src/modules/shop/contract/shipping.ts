import { z } from 'zod'

import { isCountryCode, toCountryCode } from '@/lib/countries'

import { moneyString, requiredText } from '@/lib/schemas/fields'

/** PUT /api/admin/shipping: zones of countries with a rate and an optional free-shipping amount. */
export const shippingSchema = z
  .object({
    zones: z
      .array(
        z.object({
          name: requiredText('Name the zone', 100),
          countries: z
            .array(
              z
                .string({ error: 'Use two-letter country codes such as DE' })
                .transform(toCountryCode)
                .refine((c: string): boolean => isCountryCode(c), 'Use two-letter country codes such as DE'),
              { error: 'List the zone’s countries' },
            )
            .min(1, 'List the zone’s countries')
            .max(300),
          rate: moneyString({ message: 'Enter a rate like 5.00' }),
          freeOver: z.union([moneyString({ message: 'Enter an amount like 50.00' }), z.null()]).optional(),
        }),
        { error: 'Zones must be a list' },
      )
      .min(1, 'Add at least one zone')
      .max(50),
    restOfWorld: z.union([moneyString({ message: 'Enter a rate like 15.00, or null' }), z.null()], {
      error: 'Enter a rate like 15.00, or null',
    }),
  })
  .superRefine((input, ctx) => {
    const seen = new Map<string, number>()
    input.zones.forEach((zone, i) =>
      zone.countries.forEach((c) => {
        if (seen.has(c))
          ctx.addIssue({ code: 'custom', path: ['zones', i, 'countries'], message: `${c} is already in another zone` })
        seen.set(c, i)
      }),
    )
  })

export type ShippingInput = z.infer<typeof shippingSchema>
