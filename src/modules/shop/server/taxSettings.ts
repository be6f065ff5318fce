import 'server-only'

import type { TaxInput } from '@/modules/shop/contract/tax'
import { rateLabel, type TaxSettings } from '@/modules/shop/contract/taxRules'
import type { User } from '@/payload-types'

import { taxHome, taxSettings } from './orders/tax'
import { payloadClient } from '@/platform/db/payload'

export type TaxSettingsAnswer = TaxSettings & { homeCountry: string | null; homeRegion: string | null }

async function answer(payload: Awaited<ReturnType<typeof payloadClient>>): Promise<TaxSettingsAnswer> {
  const home = await taxHome(payload)
  return { ...(await taxSettings(payload)), homeCountry: home.country, homeRegion: home.region }
}

export async function readTax(user: User): Promise<TaxSettingsAnswer> {
  const payload = await payloadClient()
  // Reading the global through the Local API applies its access rule (team members).
  await payload.findGlobal({ slug: 'tax-settings', depth: 0, overrideAccess: false, user })
  return answer(payload)
}

/** Replaces the rates, whether prices include tax and the band's own place; rates are kept as written, "7.250" as "7.25". */
export async function saveTax(user: User, input: TaxInput): Promise<TaxSettingsAnswer> {
  const payload = await payloadClient()
  const rates = input.rates.map((r) => ({ ...r, rate: rateLabel(r.rate) }))
  await payload.updateGlobal({
    slug: 'tax-settings',
    data: {
      pricesIncludeTax: input.pricesIncludeTax,
      rates,
      homeCountry: input.homeCountry ?? null,
      homeRegion: input.homeRegion ?? null,
    },
    depth: 0,
    overrideAccess: false,
    user,
  })
  return answer(payload)
}
