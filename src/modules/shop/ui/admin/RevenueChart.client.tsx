'use client'

import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

import type { OrdersSummary } from '@/modules/shop/contract/types'

const shortDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

type Point = {
  date: string
  label: string
  revenue: number
  orders: number
  table: number
  tableSales: number
  music: number
  musicSales: number
}

const toPoints = (days: OrdersSummary['days']): Point[] =>
  days.map((d) => ({
    date: d.date,
    label: shortDate(d.date),
    revenue: Number(d.revenue),
    orders: d.orders,
    table: Number(d.tableRevenue),
    tableSales: d.tableSales,
    music: Number(d.musicRevenue),
    musicSales: d.musicSales,
  }))

/** The chart in one sentence: the period, the total and the best day, then merch-table and music totals when any. */
function chartLabel(days: OrdersSummary['days'], points: Point[], tableTotal: number, musicTotal: number): string {
  const total = points.reduce((sum, p) => sum + p.revenue, 0)
  const table =
    (tableTotal === 0 ? '' : ` Merch tables: ${usd(tableTotal)}.`) +
    (musicTotal === 0 ? '' : ` Music: ${usd(musicTotal)}.`)
  const best = points.reduce((top, p) => (p.revenue > top.revenue ? p : top), points[0]!)
  const description =
    total === 0
      ? `Revenue per day from ${shortDate(days[0]!.date)} to ${shortDate(days.at(-1)!.date)}: no paid orders.`
      : `Revenue per day from ${shortDate(days[0]!.date)} to ${shortDate(days.at(-1)!.date)}: ${usd(total)} in all, highest ${usd(best.revenue)} on ${best.label}.`
  return description + table
}

function Bars({ points, tableTotal, musicTotal }: { points: Point[]; tableTotal: number; musicTotal: number }) {
  return (
    <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 640, height: 224 }}>
      <BarChart data={points} margin={{ top: 4, right: 4, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} strokeDasharray="3 3" />
        <XAxis
          dataKey="label"
          tickLine={false}
          axisLine={false}
          interval="preserveStartEnd"
          minTickGap={24}
          fontSize={12}
        />
        <YAxis tickLine={false} axisLine={false} width={56} fontSize={12} tickFormatter={(v: number) => `$${v}`} />
        <Tooltip
          cursor={{ fill: 'currentColor', fillOpacity: 0.1 }}
          contentStyle={{
            background: 'var(--card-solid)',
            border: '1px solid var(--color-border)',
            borderRadius: 6,
            color: 'var(--foreground)',
          }}
          formatter={(value, name) => [
            usd(Number(value)),
            name === 'table' ? 'Merch table' : name === 'music' ? 'Music' : 'Web orders',
          ]}
        />
        <Bar dataKey="revenue" stackId="day" fill="currentColor" isAnimationActive={false} />
        {tableTotal > 0 && (
          <Bar dataKey="table" stackId="day" fill="currentColor" fillOpacity={0.45} isAnimationActive={false} />
        )}
        {musicTotal > 0 && (
          <Bar dataKey="music" stackId="day" fill="currentColor" fillOpacity={0.2} isAnimationActive={false} />
        )}
      </BarChart>
    </ResponsiveContainer>
  )
}

const COLUMNS = ['Paid orders', 'Revenue', 'Merch table sales', 'Merch table revenue', 'Music sales', 'Music revenue']

/** The chart's figures as a table, behind a disclosure. */
function RevenueTable({ points }: { points: Point[] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted-foreground">Show revenue per day as a table</summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">Paid revenue and orders per day, last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {COLUMNS.map((c) => (
              <th key={c} scope="col" className="text-right">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <th scope="row" className="font-normal">
                {p.label}
              </th>
              <td className="text-right">{p.orders}</td>
              <td className="text-right">{usd(p.revenue)}</td>
              <td className="text-right">{p.tableSales}</td>
              <td className="text-right">{usd(p.table)}</td>
              <td className="text-right">{p.musicSales}</td>
              <td className="text-right">{usd(p.music)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}

/**
 * Paid revenue per day as a bar chart in the site's colours. Screen readers get a one-line
 * description of the chart, and everyone can open the same figures as a table.
 */
export function RevenueChart({ days }: { days: OrdersSummary['days'] }) {
  const points = toPoints(days)
  const tableTotal = points.reduce((sum, p) => sum + p.table, 0)
  const musicTotal = points.reduce((sum, p) => sum + p.music, 0)
  return (
    <div>
      <figure
        role="img"
        aria-label={chartLabel(days, points, tableTotal, musicTotal)}
        data-testid="revenue-chart"
        className="h-56 text-primary [&_.recharts-cartesian-axis-tick-value]:fill-muted-foreground [&_.recharts-cartesian-grid_line]:stroke-border"
      >
        <Bars points={points} tableTotal={tableTotal} musicTotal={musicTotal} />
      </figure>
      <RevenueTable points={points} />
    </div>
  )
}
