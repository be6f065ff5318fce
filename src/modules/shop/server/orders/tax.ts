import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { TaxAmounts } from '@/modules/shop/contract/cartPrice'
import { NO_TAX, taxLabel, type TaxRate, type TaxSettings } from '@/modules/shop/contract/taxRules'
import { toMoneyString } from '@/lib/money'

import { query } from '@/platform/db/transaction'

/** The columns of the tax settings' row the settings are read from. */
export const TAX_COLUMNS = sql`rates, prices_include_tax AS included`
export type TaxRow = { rates: TaxRate[] | null; included: boolean | null }

/** The tax settings the team saved (a row of TAX_COLUMNS), or no tax at all until it saves some. */
export function taxSettingsOf(row: TaxRow | undefined): TaxSettings {
  if (!row || !Array.isArray(row.rates)) return NO_TAX
  return { pricesIncludeTax: row.included === true, rates: row.rates }
}

/** The tax settings the team saved, or no tax at all until it saves some. */
export async function taxSettings(payload: Payload): Promise<TaxSettings> {
  const [row] = await query<TaxRow>(payload, sql`SELECT ${TAX_COLUMNS} FROM tax_settings LIMIT 1`)
  return taxSettingsOf(row)
}

/** The band's own country and US state, as the tax settings keep them (null until set). */
export async function taxHome(payload: Payload): Promise<{ country: string | null; region: string | null }> {
  const [row] = await query<{ country: string | null; region: string | null }>(
    payload,
    sql`SELECT home_country AS country, home_region AS region FROM tax_settings LIMIT 1`,
  )
  return { country: row?.country ?? null, region: row?.region ?? null }
}

/** An order's stored tax as its rows read it (`o.tax_amount, o.tax_lines, o.prices_include_tax`). */
export type TaxColumns = {
  tax_amount: string | number | null
  tax_lines: TaxAmounts['taxLines'] | null
  prices_include_tax: boolean | null
}

/** The stored tax as the API and `totalLines` read it. */
export const taxOfRow = (r: TaxColumns): TaxAmounts => ({
  taxAmount: toMoneyString(r.tax_amount ?? 0),
  taxLines: Array.isArray(r.tax_lines) ? r.tax_lines : [],
  pricesIncludeTax: r.prices_include_tax === true,
})

/** "Sales tax 7.25 %: 3.63; …", the tax lines as one text (the orders export). */
export const taxLinesText = (tax: TaxAmounts): string =>
  tax.taxLines.map((l) => `${taxLabel(l, tax.pricesIncludeTax)}: ${l.amount}`).join('; ')
