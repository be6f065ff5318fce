import 'server-only'

import { formatCents, toCents } from '@/lib/money'
import type { ShippingInput } from '@/modules/shop/contract/shipping'
import type { ShippingRules } from '@/modules/shop/contract/shippingRules'
import type { User } from '@/payload-types'

import { shippingRules } from './orders/shipping'
import { payloadClient } from '@/platform/db/payload'

/** The rules as the admin API answers them: rates as "5.00", null for "not shipped there". */
const toApi = (rules: ShippingRules) => ({
  zones: rules.zones.map((z) => ({
    name: z.name,
    countries: z.countries,
    rate: formatCents(z.rateCents),
    freeOver: z.freeOverCents === null ? null : formatCents(z.freeOverCents),
  })),
  restOfWorld: rules.restOfWorldCents === null ? null : formatCents(rules.restOfWorldCents),
})

export type ShippingSettingsAnswer = ReturnType<typeof toApi>

export async function readShipping(user: User): Promise<ShippingSettingsAnswer> {
  const payload = await payloadClient()
  // Reading the global through the Local API applies its access rule (team members).
  await payload.findGlobal({ slug: 'shipping-settings', depth: 0, overrideAccess: false, user })
  return toApi(await shippingRules(payload))
}

/** Replaces the zones and the rest of the world's rate. */
export async function saveShipping(user: User, input: ShippingInput): Promise<ShippingSettingsAnswer> {
  const payload = await payloadClient()
  const rules: ShippingRules = {
    zones: input.zones.map((z) => ({
      name: z.name,
      countries: [...new Set(z.countries)],
      rateCents: toCents(z.rate),
      freeOverCents: z.freeOver == null ? null : toCents(z.freeOver),
    })),
    restOfWorldCents: input.restOfWorld === null ? null : toCents(input.restOfWorld),
  }
  await payload.updateGlobal({
    slug: 'shipping-settings',
    data: { zones: rules.zones, restOfWorldCents: rules.restOfWorldCents } as never,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return toApi(await shippingRules(payload))
}
