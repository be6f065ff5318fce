import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { DEFAULT_SHIPPING, type ShippingRules, type ShippingZone } from '@/modules/shop/contract/shippingRules'

import { query } from '@/platform/db/transaction'

/** The columns of the shipping settings' row the rules are read from. */
export const SHIPPING_COLUMNS = sql`zones, rest_of_world_cents AS rest`
export type ShippingRow = { zones: ShippingZone[] | null; rest: string | number | null }

/** The shipping rules the team saved (a row of SHIPPING_COLUMNS), or the default (the US at 5.00) until it saves some. */
export function shippingRulesOf(row: ShippingRow | undefined): ShippingRules {
  if (!row || !Array.isArray(row.zones)) return DEFAULT_SHIPPING
  return { zones: row.zones, restOfWorldCents: row.rest === null ? null : Number(row.rest) }
}

/** The shipping rules the team saved, or the default (the US at 5.00) until it saves some. */
export async function shippingRules(payload: Payload): Promise<ShippingRules> {
  const [row] = await query<ShippingRow>(payload, sql`SELECT ${SHIPPING_COLUMNS} FROM shipping_settings LIMIT 1`)
  return shippingRulesOf(row)
}
