import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { NO_TAX, type TaxRate, type TaxSettings } from '@/modules/shop/contract/taxRules'

import { query } from '@/platform/db/transaction'

/** The tax settings the team saved, or no tax at all until it saves some. */
export async function taxSettings(payload: Payload): Promise<TaxSettings> {
  const [row] = await query<{ rates: TaxRate[] | null; included: boolean | null }>(
    payload,
    sql`SELECT rates, prices_include_tax AS included FROM tax_settings LIMIT 1`,
  )
  if (!row || !Array.isArray(row.rates)) return NO_TAX
  return { pricesIncludeTax: row.included === true, rates: row.rates }
}
