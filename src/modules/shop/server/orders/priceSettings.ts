import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { ShippingRules } from '@/modules/shop/contract/shippingRules'
import type { TaxSettings } from '@/modules/shop/contract/taxRules'

import { query } from '@/platform/db/transaction'
import { sharedRead } from '@/platform/db/sharedRead'

import { SHIPPING_COLUMNS, shippingRulesOf, type ShippingRow } from './shipping'
import { TAX_COLUMNS, taxSettingsOf, type TaxRow } from './tax'

/** The shipping rules and the tax settings a price needs, in one read (shared by the prices asked meanwhile). */
export function priceSettings(payload: Payload): Promise<{ rules: ShippingRules; tax: TaxSettings }> {
  return sharedRead('price-settings', async () => {
    const [row] = await query<{ shipping: ShippingRow | null; tax: TaxRow | null }>(
      payload,
      sql`SELECT (SELECT row_to_json(s) FROM (SELECT ${SHIPPING_COLUMNS} FROM shipping_settings LIMIT 1) s) AS shipping,
          (SELECT row_to_json(t) FROM (SELECT ${TAX_COLUMNS} FROM tax_settings LIMIT 1) t) AS tax`,
    )
    return { rules: shippingRulesOf(row?.shipping ?? undefined), tax: taxSettingsOf(row?.tax ?? undefined) }
  })
}
