import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { DEFAULT_SHIPPING, type ShippingRules, type ShippingZone } from '@/modules/shop/contract/shippingRules'

import { query } from '@/platform/db/transaction'

/** The shipping rules the team saved, or the default (the US at 5.00) until it saves some. */
export async function shippingRules(payload: Payload): Promise<ShippingRules> {
  const [row] = await query<{ zones: ShippingZone[] | null; rest: string | null }>(
    payload,
    sql`SELECT zones, rest_of_world_cents AS rest FROM shipping_settings LIMIT 1`,
  )
  if (!row || !Array.isArray(row.zones)) return DEFAULT_SHIPPING
  return { zones: row.zones, restOfWorldCents: row.rest === null ? null : Number(row.rest) }
}
