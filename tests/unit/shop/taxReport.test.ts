import fc from 'fast-check'
import { describe, expect, it } from 'vitest'

import {
  centsText,
  quarterOf,
  reportCsvCells,
  reportRows,
  reportTotals,
  type ReportSale,
} from '@/modules/shop/contract/taxReport'
import { taxReportQuerySchema } from '@/modules/shop/contract/taxReportQuery'
import { thresholdWarnings } from '@/modules/shop/contract/taxThresholds'

const sale = (over: Partial<ReportSale>): ReportSale => ({
  channel: 'web',
  country: 'US',
  region: 'CA',
  totalCents: 5863,
  taxCents: 363,
  taxLines: [{ name: 'Sales tax', rate: '7.25' }],
  refunded: false,
  ...over,
})

describe('tax report rows', () => {
  it('sums sales per channel, place, tax and rate, refunds deducted', () => {
    const rows = reportRows([
      sale({}),
      sale({ region: 'California' }),
      sale({ refunded: true }),
      sale({
        channel: 'table',
        region: 'WA',
        totalCents: 2000,
        taxCents: 122,
        taxLines: [{ name: 'Sales tax', rate: '6.5' }],
      }),
      sale({
        country: 'de',
        region: 'Bayern',
        totalCents: 2856,
        taxCents: 456,
        taxLines: [{ name: 'VAT', rate: '19' }],
      }),
      sale({ region: 'OR', totalCents: 5500, taxCents: 0, taxLines: [] }),
    ])
    expect(rows).toEqual([
      { channel: 'table', country: 'US', region: 'WA', tax: 'Sales tax', rate: '6.5', orders: 1, netCents: 1878, taxCents: 122, refundedCents: 0 },
      { channel: 'web', country: 'DE', region: '', tax: 'VAT', rate: '19', orders: 1, netCents: 2400, taxCents: 456, refundedCents: 0 },
      { channel: 'web', country: 'US', region: 'CA', tax: 'Sales tax', rate: '7.25', orders: 3, netCents: 11000, taxCents: 726, refundedCents: 5863 },
      { channel: 'web', country: 'US', region: 'OR', tax: '', rate: '0', orders: 1, netCents: 5500, taxCents: 0, refundedCents: 0 },
    ]) // prettier-ignore
    expect(reportCsvCells(rows[2]!)).toEqual(['web', 'US', 'CA', 'Sales tax', '7.25', '3', '110.00', '7.26', '58.63'])
  })

  it('writes several taxes on one sale as one row, their rates added', () => {
    const [row] = reportRows([
      sale({
        taxLines: [
          { name: 'State tax', rate: '6.25' },
          { name: 'County tax', rate: '1.5' },
        ],
        taxCents: 100,
      }),
    ])
    expect(row).toMatchObject({ tax: 'State tax + County tax', rate: '7.75', orders: 1 })
  })

  it('rows add up to the totals of all sales', () => {
    const arbitrarySale = fc.record({
      channel: fc.constantFrom('web' as const, 'table' as const),
      country: fc.constantFrom('US', 'DE', 'FR', 'GB'),
      region: fc.constantFrom('CA', 'OR', 'WA', null),
      totalCents: fc.integer({ min: 0, max: 10_000_000 }),
      taxLines: fc.constantFrom([], [{ name: 'VAT', rate: '19' }], [{ name: 'Sales tax', rate: '7.25' }]),
      refunded: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(arbitrarySale, { maxLength: 40 }), (drafts) => {
        const sales: ReportSale[] = drafts.map((d) => ({
          ...d,
          taxLines: [...d.taxLines],
          taxCents: d.taxLines.length ? Math.floor(d.totalCents / 10) : 0,
        }))
        const totals = reportTotals(reportRows(sales))
        const kept = sales.filter((s) => !s.refunded)
        expect(totals.orders).toBe(sales.length)
        expect(totals.taxCents).toBe(kept.reduce((sum, s) => sum + s.taxCents, 0))
        expect(totals.netCents + totals.taxCents).toBe(kept.reduce((sum, s) => sum + s.totalCents, 0))
        expect(totals.refundedCents).toBe(sales.filter((s) => s.refunded).reduce((sum, s) => sum + s.totalCents, 0))
      }),
    )
  })

  it('writes money as 12.34 and finds the quarter of a day', () => {
    expect([centsText(0), centsText(5), centsText(123456), centsText(-5)]).toEqual(['0.00', '0.05', '1234.56', '-0.05'])
    expect(quarterOf('2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-12-31' })
    expect(quarterOf('2024-02-29')).toEqual({ from: '2024-01-01', to: '2024-03-31' })
    expect(quarterOf('2026-06-30')).toEqual({ from: '2026-04-01', to: '2026-06-30' })
  })
})

describe('tax report dates', () => {
  const errors = (q: Record<string, string>) => {
    const parsed = taxReportQuerySchema.safeParse(q)
    return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
  }
  it('takes two real days, in order, at most 366 days apart', () => {
    expect(errors({ from: '2024-01-01', to: '2024-12-31' })).toBeNull()
    expect(errors({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from: Use a date like 2026-01-31'])
    expect(errors({ from: '2026-01-01' })).toEqual(['to: Use a date like 2026-01-31'])
    expect(errors({ from: '2026-03-01', to: '2026-02-01' })).toEqual([
      'to: The end date must be on or after the start date',
    ])
    expect(errors({ from: '2025-01-01', to: '2026-01-02' })).toEqual(['to: A report covers at most 366 days'])
  })
})

describe('tax thresholds', () => {
  const rows = (n: number, over: Partial<ReportSale>) => reportRows(Array.from({ length: n }, () => sale(over)))
  const home = { country: 'US', region: 'CA' }

  it('warns of a US state other than the band’s at 200 orders or $100,000, never of its own', () => {
    expect(thresholdWarnings(rows(199, { region: 'OR' }), home, 'USD')).toEqual([])
    const orders = thresholdWarnings(rows(200, { region: 'OR' }), home, 'USD')
    expect(orders).toMatchObject([{ kind: 'usNexus', place: 'US-OR', orders: 200 }])
    expect(orders[0]!.message).toContain('Sales to OR this year')
    expect(thresholdWarnings(rows(300, { region: 'CA' }), home, 'USD')).toEqual([])
    const big = rows(1, { region: 'NY', totalCents: 100_000_00, taxCents: 0 })
    expect(thresholdWarnings(big, home, 'USD')).toMatchObject([{ place: 'US-NY', netCents: 100_000_00 }])
    const under = rows(1, { region: 'NY', totalCents: 100_000_00, taxCents: 1 })
    expect(thresholdWarnings(under, home, 'USD')).toEqual([])
  })

  it('warns once EU countries other than the band’s reach 10,000 together, refunds deducted', () => {
    const de = (cents: number, refunded = false) =>
      sale({ country: 'DE', region: null, totalCents: cents, taxCents: 0, taxLines: [], refunded })
    const fr = (cents: number) => sale({ country: 'FR', region: null, totalCents: cents, taxCents: 0, taxLines: [] })
    expect(thresholdWarnings(reportRows([de(500_000), fr(499_999)]), home, 'USD')).toEqual([])
    expect(thresholdWarnings(reportRows([de(500_000), fr(499_999), de(900_000, true)]), home, 'USD')).toEqual([])
    expect(thresholdWarnings(reportRows([de(500_000), fr(500_000)]), home, 'USD')).toMatchObject([
      { kind: 'euDistance', place: 'EU', netCents: 1_000_000, orders: 2 },
    ])
    const german = { country: 'DE', region: null }
    expect(thresholdWarnings(reportRows([de(2_000_000), fr(500_000)]), german, 'EUR')).toEqual([])
  })
})
