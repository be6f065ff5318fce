import { rateLabel, rateThousandths } from './taxRules'
import { usStateCode } from './usStates'

/**
 * The tax report: every paid sale of a period, web orders and merch-table sales apart, summed per
 * place and tax. Money is in integer cents.
 */

export type TaxChannel = 'web' | 'table'

/** One paid sale as the report reads it. */
export type ReportSale = {
  channel: TaxChannel
  country: string
  /** The US state as written (a code or its name); other countries' regions are not kept. */
  region: string | null
  /** Everything the buyer paid, the tax included. */
  totalCents: number
  taxCents: number
  taxLines: { name: string; rate: string }[]
  refunded: boolean
}

export type TaxReportRow = {
  channel: TaxChannel
  country: string
  region: string
  tax: string
  rate: string
  /** Paid sales, refunded ones included. */
  orders: number
  /** What was sold, the tax left out, refunds deducted. */
  netCents: number
  /** The tax, refunds deducted. */
  taxCents: number
  /** What was paid back (the tax included). */
  refundedCents: number
}

export type ReportTotals = Pick<TaxReportRow, 'orders' | 'netCents' | 'taxCents' | 'refundedCents'>

/** A US sale's state as its code; elsewhere no region. */
const regionOf = (country: string, region: string | null) =>
  country === 'US' ? (usStateCode(region ?? '') ?? (region ?? '').trim().toUpperCase()) : ''

/** Several taxes on one sale are one row: their names joined and their rates added. */
function taxKey(lines: ReportSale['taxLines']): { tax: string; rate: string } {
  if (lines.length === 0) return { tax: '', rate: '0' }
  const thousandths = lines.reduce((sum, l) => sum + rateThousandths(l.rate), 0)
  const rate = `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`
  return { tax: lines.map((l) => l.name).join(' + '), rate: rateLabel(rate) }
}

/** One row per channel, country, region, tax and rate, sorted in that order; a sale without tax has rate 0. */
export function reportRows(sales: ReportSale[]): TaxReportRow[] {
  const rows = new Map<string, TaxReportRow>()
  for (const sale of sales) {
    const country = sale.country.trim().toUpperCase()
    const key = { channel: sale.channel, country, region: regionOf(country, sale.region), ...taxKey(sale.taxLines) }
    const id = JSON.stringify(key)
    const row = rows.get(id) ?? { ...key, orders: 0, netCents: 0, taxCents: 0, refundedCents: 0 }
    row.orders += 1
    if (sale.refunded) row.refundedCents += sale.totalCents
    else {
      row.netCents += sale.totalCents - sale.taxCents
      row.taxCents += sale.taxCents
    }
    rows.set(id, row)
  }
  const order = (r: TaxReportRow) => [r.channel, r.country, r.region, r.tax, r.rate.padStart(8, '0')].join('\u0000')
  return [...rows.values()].sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
}

export function reportTotals(rows: TaxReportRow[]): ReportTotals {
  return rows.reduce(
    (t, r) => ({
      orders: t.orders + r.orders,
      netCents: t.netCents + r.netCents,
      taxCents: t.taxCents + r.taxCents,
      refundedCents: t.refundedCents + r.refundedCents,
    }),
    { orders: 0, netCents: 0, taxCents: 0, refundedCents: 0 },
  )
}

/** 1234 → "12.34", -5 → "-0.05". */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(cents)
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}

export const REPORT_CSV_HEADER = [
  'Channel',
  'Country',
  'Region',
  'Tax',
  'Rate',
  'Orders',
  'Net Sales',
  'Tax Amount',
  'Refunds',
] as const

/** The report's rows as CSV cells, money as 12.34. */
export const reportCsvCells = (r: TaxReportRow): string[] => [
  r.channel,
  r.country,
  r.region,
  r.tax,
  r.rate,
  String(r.orders),
  centsText(r.netCents),
  centsText(r.taxCents),
  centsText(r.refundedCents),
]

/** The calendar quarter a day ("YYYY-MM-DD") falls in, as its first and last days. */
export function quarterOf(day: string): { from: string; to: string } {
  const [year, month] = day.split('-').map(Number) as [number, number]
  const first = Math.floor((month - 1) / 3) * 3 + 1
  const last = new Date(Date.UTC(year, first + 2, 0)).getUTCDate()
  const mm = (m: number) => String(m).padStart(2, '0')
  return { from: `${year}-${mm(first)}-01`, to: `${year}-${mm(first + 2)}-${last}` }
}
