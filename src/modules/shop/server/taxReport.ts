import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { toCents } from '@/lib/money'
import {
  reportRows,
  reportTotals,
  type ReportSale,
  type ReportTotals,
  type TaxReportRow,
} from '@/modules/shop/contract/taxReport'
import type { TaxReportQuery } from '@/modules/shop/contract/taxReportQuery'
import { thresholdWarnings, type Home, type ThresholdWarning } from '@/modules/shop/contract/taxThresholds'
import { siteTimeZone } from '@/platform/runtime/env'
import { query } from '@/platform/db/transaction'

import { taxHome } from './orders/tax'

/** The shop's currency: every price and threshold is in it. */
export const SHOP_CURRENCY = 'USD'

export type TaxReport = TaxReportQuery & {
  currency: string
  timeZone: string
  home: Home
  rows: TaxReportRow[]
  totals: ReportTotals
  /** The thresholds crossed in the calendar year of the period's end, up to that day. */
  warnings: ThresholdWarning[]
}

type SaleRow = {
  channel: 'web' | 'table'
  country: string | null
  region: string | null
  total: string | number
  tax: string | number
  lines: { name: string; rate: string }[] | null
  refunded: boolean
}

/**
 * Every paid sale of the days from..to (both included) in the band's time zone: web orders by
 * the day they were paid (paid, shipped, completed and refunded ones; pending, failed and
 * cancelled never count) at the country and state they ship to, and merch-table sales that were
 * not voided by the day they were rung up, at the show's country and state.
 */
async function salesBetween(payload: Payload, from: string, to: string, zone: string): Promise<ReportSale[]> {
  const rows = await query<SaleRow>(
    payload,
    sql`SELECT 'web' AS channel, o.shipping_address->>'country' AS country, o.shipping_address->>'state' AS region,
        o.total_amount AS total, o.tax_amount AS tax, o.tax_lines AS lines, o.status = 'refunded' AS refunded
      FROM orders o
      WHERE o.status IN ('paid', 'shipped', 'completed', 'refunded')
        AND (COALESCE(o.paid_at, o.created_at) AT TIME ZONE ${zone})::date BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT 'table', s.country, s.state, t.total_cents / 100.0, t.tax_cents / 100.0, t.tax_lines, false
      FROM till_sales t JOIN shows s ON s.id = t.show_id
      WHERE t.voided_at IS NULL
        AND (t.sold_at AT TIME ZONE ${zone})::date BETWEEN ${from}::date AND ${to}::date`,
  )
  return rows.map((r) => ({
    channel: r.channel,
    country: r.country ?? '',
    region: r.region,
    totalCents: toCents(Number(r.total).toFixed(2)),
    taxCents: toCents(Number(r.tax).toFixed(2)),
    taxLines: Array.isArray(r.lines) ? r.lines : [],
    refunded: r.refunded === true,
  }))
}

/** The band's time zone: the band profile's, else the site's. */
async function bandZone(payload: Payload): Promise<string> {
  const [row] = await query<{ zone: string | null }>(payload, sql`SELECT time_zone AS zone FROM band_profile LIMIT 1`)
  return siteTimeZone(row?.zone)
}

/** The report of a period, and the thresholds its calendar year crossed so far. */
export async function taxReport(payload: Payload, period: TaxReportQuery): Promise<TaxReport> {
  const zone = await bandZone(payload)
  const home = await taxHome(payload)
  const rows = reportRows(await salesBetween(payload, period.from, period.to, zone))
  const yearStart = `${period.to.slice(0, 4)}-01-01`
  const yearRows = reportRows(await salesBetween(payload, yearStart, period.to, zone))
  return {
    ...period,
    currency: SHOP_CURRENCY,
    timeZone: zone,
    home,
    rows,
    totals: reportTotals(rows),
    warnings: thresholdWarnings(yearRows, home, SHOP_CURRENCY),
  }
}
