import { centsText, type TaxReportRow } from './taxReport'

/**
 * The common thresholds past which a seller usually has to register for another place's tax,
 * checked on a calendar year's report rows. They are stated in the shop's currency and compared
 * as they are, without converting.
 */

/** US economic nexus, per state: $100,000 of sales or 200 orders in the calendar year. */
export const US_NEXUS_CENTS = 100_000_00
export const US_NEXUS_ORDERS = 200
/** EU distance sales: 10,000 a year in total to EU countries other than the seller's. */
export const EU_DISTANCE_CENTS = 10_000_00

export const EU_COUNTRIES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] // prettier-ignore

export type Home = { country: string | null; region: string | null }

export type ThresholdWarning = {
  kind: 'usNexus' | 'euDistance'
  /** "US-OR", or "EU" for the EU's total. */
  place: string
  netCents: number
  orders: number
  message: string
}

/**
 * The thresholds the year's sales crossed: each US state other than the band's own whose net
 * sales reach $100,000 or whose orders reach 200 (web and table together, refunded orders
 * counted, their money not), and EU countries other
 * than the band's once their web sales together reach 10,000. Money is the shop's currency.
 */
export function thresholdWarnings(yearRows: TaxReportRow[], home: Home, currency: string): ThresholdWarning[] {
  const warnings: ThresholdWarning[] = []
  const states = new Map<string, { netCents: number; orders: number }>()
  for (const r of yearRows) {
    if (r.country !== 'US' || !r.region) continue
    if (home.country === 'US' && home.region === r.region) continue
    const s = states.get(r.region) ?? { netCents: 0, orders: 0 }
    s.netCents += r.netCents
    s.orders += r.orders
    states.set(r.region, s)
  }
  for (const [region, s] of [...states].sort(([a], [b]) => a.localeCompare(b))) {
    if (s.netCents < US_NEXUS_CENTS && s.orders < US_NEXUS_ORDERS) continue
    warnings.push({
      kind: 'usNexus',
      place: `US-${region}`,
      ...s,
      message: `Sales to ${region} this year: ${centsText(s.netCents)} ${currency} in ${s.orders} orders, past the common economic nexus threshold of ${centsText(US_NEXUS_CENTS)} ${currency} or ${US_NEXUS_ORDERS} orders. You may have to register for ${region}'s sales tax.`,
    })
  }
  const eu = yearRows.filter(
    (r) => r.channel === 'web' && EU_COUNTRIES.includes(r.country) && r.country !== home.country,
  )
  const euNet = eu.reduce((sum, r) => sum + r.netCents, 0)
  if (euNet >= EU_DISTANCE_CENTS) {
    const orders = eu.reduce((sum, r) => sum + r.orders, 0)
    warnings.push({
      kind: 'euDistance',
      place: 'EU',
      netCents: euNet,
      orders,
      message: `Sales to other EU countries this year: ${centsText(euNet)} ${currency}, past the EU distance-selling threshold of ${centsText(EU_DISTANCE_CENTS)}. VAT is then due in each buyer's country (through the EU's One-Stop Shop).`,
    })
  }
  return warnings
}
