/** Shipping rates by country: the rules the team sets, and the rate an order pays. */

export type ShippingZone = { name: string; countries: string[]; rateCents: number; freeOverCents: number | null }
export type ShippingRules = { zones: ShippingZone[]; restOfWorldCents: number | null }

/** The flat shipping of the home country until the team sets its zones: 5.00. */
const DEFAULT_RATE_CENTS = 500

/** Until the team sets its zones: the home country, the US, at the flat 5.00, and nowhere else. */
export const DEFAULT_SHIPPING: ShippingRules = {
  zones: [{ name: 'United States', countries: ['US'], rateCents: DEFAULT_RATE_CENTS, freeOverCents: null }],
  restOfWorldCents: null,
}

/**
 * The shipping in cents for an order to `country` with items worth `subtotalCents`: its zone's
 * rate (free from the zone's "free over" amount), else the rest of the world's, else null when
 * the shop does not ship there.
 */
export function shippingCentsFor(rules: ShippingRules, country: string, subtotalCents: number): number | null {
  const zone = rules.zones.find((z) => z.countries.includes(country))
  if (!zone) return rules.restOfWorldCents
  if (zone.freeOverCents !== null && subtotalCents >= zone.freeOverCents) return 0
  return zone.rateCents
}
