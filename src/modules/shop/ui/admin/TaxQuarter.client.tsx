'use client'

import { useQuery } from '@tanstack/react-query'
import { AlertTriangle, Download } from 'lucide-react'

import { centsText, quarterOf, type TaxReportRow } from '@/modules/shop/contract/taxReport'
import {
  EU_DISTANCE_CENTS,
  US_NEXUS_CENTS,
  US_NEXUS_ORDERS,
  type ThresholdWarning,
} from '@/modules/shop/contract/taxThresholds'
import { throwIfNotOk } from '@/ui/apiError'
import { QueryState } from '@/ui/admin/QueryState.client'

type Report = {
  from: string
  to: string
  currency: string
  rows: TaxReportRow[]
  totals: Pick<TaxReportRow, 'orders' | 'netCents' | 'taxCents' | 'refundedCents'>
  warnings: ThresholdWarning[]
}

/** Today in the browser's calendar, "YYYY-MM-DD". */
function today(): string {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/**
 * This quarter's tax report in the Tax section: per place and tax, web and table apart, the
 * thresholds this year's sales crossed, and a plain link to the quarter's CSV.
 */
export function TaxQuarter() {
  const { from, to } = quarterOf(today())
  const url = `/api/admin/tax/report?from=${from}&to=${to}`
  const query = useQuery<Report>({
    queryKey: ['tax-report', from, to],
    queryFn: async ({ signal }) => {
      const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal })
      await throwIfNotOk(res)
      return (await res.json()) as Report
    },
  })
  return (
    <section aria-labelledby="tax-quarter-heading" className="flex flex-col gap-3">
      <h3 id="tax-quarter-heading" className="font-heading text-lg font-bold">
        This quarter ({from} to {to})
      </h3>
      <p className="text-sm text-muted-foreground">
        Paid web orders and merch-table sales by the day they were paid, refunds deducted. The warnings use the common
        thresholds of this calendar year: a US state other than yours at {centsText(US_NEXUS_CENTS)} or{' '}
        {US_NEXUS_ORDERS} orders, and EU countries other than yours together at {centsText(EU_DISTANCE_CENTS)}. They are
        compared in the shop&apos;s currency as they are, without converting (the EU one is 10,000 euros).
      </p>
      <a href={url} className="inline-flex items-center gap-2 text-sm font-semibold underline" download>
        <Download aria-hidden="true" className="size-4" />
        Download this quarter&apos;s tax report (CSV)
      </a>
      <QueryState query={query}>{(report) => <QuarterTable report={report} />}</QueryState>
    </section>
  )
}

function QuarterTable({ report }: { report: Report }) {
  return (
    <>
      {report.warnings.map((w) => (
        <p key={w.place} role="alert" className="flex gap-2 rounded-md border border-amber-500 p-3 text-sm">
          <AlertTriangle aria-hidden="true" className="size-4 shrink-0" />
          {w.message}
        </p>
      ))}
      {report.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No paid sales this quarter yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Tax this quarter in {report.currency}</caption>
            <thead>
              <tr className="text-left">
                {['Channel', 'Country', 'Region', 'Tax', 'Rate', 'Orders', 'Net sales', 'Tax amount', 'Refunds'].map(
                  (h, i) => (
                    <th key={i} scope="col" className="p-1">
                      {h}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r, i) => (
                <tr key={i} className="border-t border-border">
                  <td className="p-1">{r.channel === 'web' ? 'Web' : 'Table'}</td>
                  <td className="p-1">{r.country || '-'}</td>
                  <td className="p-1">{r.region || '-'}</td>
                  <td className="p-1">{r.tax || 'None'}</td>
                  <td className="p-1">{r.rate} %</td>
                  <td className="p-1">{r.orders}</td>
                  <td className="p-1">{centsText(r.netCents)}</td>
                  <td className="p-1">{centsText(r.taxCents)}</td>
                  <td className="p-1">{centsText(r.refundedCents)}</td>
                </tr>
              ))}
              <tr className="border-t border-border font-semibold">
                <th scope="row" colSpan={5} className="p-1 text-left">
                  Total
                </th>
                <td className="p-1">{report.totals.orders}</td>
                <td className="p-1">{centsText(report.totals.netCents)}</td>
                <td className="p-1">{centsText(report.totals.taxCents)}</td>
                <td className="p-1">{centsText(report.totals.refundedCents)}</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}
