'use client'

import { useQuery } from '@tanstack/react-query'
import { AlertTriangle } from 'lucide-react'
import dynamic from 'next/dynamic'
import { useEffect } from 'react'

import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import { Spinner } from '@/ui/spinner'

import { useDashboard } from '@/ui/admin/DashboardContext.client'
import { KEYS } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'
import type { OrdersSummary } from '@/modules/shop/contract/types'

// The chart library is loaded only when the dashboard shows the overview.
const loadChart = () => import('./RevenueChart.client').then((m) => m.RevenueChart)
// A dashboard opened straight on the Orders tab fetches the chart's code with the rest of its start-up.
if (typeof window !== 'undefined' && window.location.hash === '#orders') void loadChart()
const RevenueChart = dynamic(loadChart, {
  ssr: false,
  loading: () => (
    <div className="flex h-56 items-center justify-center">
      <Spinner />
    </div>
  ),
})

const usd = (amount: string) =>
  `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

/**
 * How much of an item is left, in words: a pre-order sells beyond its stock, so below 0 it reads as
 * the units ordered ahead, never as a negative number left.
 */
function stockText({ inventory, preorderShipsOn }: OrdersSummary['lowStock'][number]): string {
  if (preorderShipsOn) {
    if (inventory < 0) return `Pre-order: ${-inventory} ordered`
    return inventory === 0 ? 'Pre-order' : `${inventory} left, then pre-order`
  }
  return inventory <= 0 ? 'Sold out' : `${inventory} left`
}

/** The headline figures above the chart, each a term and its value. */
function PaidFigures({ data }: { data: OrdersSummary }) {
  const figures = [
    { label: 'Paid orders', testId: 'paid-orders', value: data.paid.orders },
    { label: 'Revenue', testId: 'paid-revenue', value: usd(data.paid.revenue) },
    { label: 'Merch table sales', testId: 'table-sales', value: data.table.sales },
    { label: 'Merch table revenue', testId: 'table-revenue', value: usd(data.table.revenue) },
    { label: 'Music sales', testId: 'music-sales', value: data.music.sales },
    { label: 'Music revenue', testId: 'music-revenue', value: usd(data.music.revenue) },
  ]
  return (
    <dl className="mb-4 flex flex-wrap gap-x-8 gap-y-2">
      {figures.map((f) => (
        <div key={f.testId}>
          <dt className="text-sm text-muted-foreground">{f.label}</dt>
          <dd className="text-2xl font-bold" data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}

function RevenueCard({ data }: { data: OrdersSummary }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Revenue per day (last 30 days)</CardTitle>
      </CardHeader>
      <CardContent>
        <PaidFigures data={data} />
        <RevenueChart days={data.days} />
      </CardContent>
    </Card>
  )
}

function TopProductsCard({ topProducts }: { topProducts: OrdersSummary['topProducts'] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Top products (last 30 days)</CardTitle>
      </CardHeader>
      <CardContent>
        {topProducts.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sales in the last 30 days.</p>
        ) : (
          <ol className="grid gap-1 text-sm" aria-label="Top products">
            {topProducts.map((p) => (
              <li key={p.productId ?? p.name} className="flex justify-between gap-3">
                <span className="min-w-0 wrap-anywhere">{p.name}</span>
                <span className="shrink-0 text-muted-foreground">{p.units} sold</span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  )
}

/** One item running low: its name and option, how much is left and, for editors, a link to edit it. */
function LowStockRow({ item: s, canEdit }: { item: OrdersSummary['lowStock'][number]; canEdit: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3">
      <span className="min-w-0 wrap-anywhere">
        {s.name}
        {s.option && <span className="text-muted-foreground"> ({s.option})</span>}
      </span>
      <span className="flex shrink-0 items-center gap-3">
        <span className={s.inventory === 0 && !s.preorderShipsOn ? 'font-semibold text-red-300' : 'text-yellow-300'}>
          {stockText(s)}
        </span>
        {canEdit && (
          <a
            className="underline underline-offset-2 hover:text-accent"
            href={
              s.kind === 'option' ? `/cms/collections/product-options/${s.id}` : `/cms/collections/products/${s.id}`
            }
            aria-label={`Edit ${s.name}${s.option ? ` (${s.option})` : ''}`}
          >
            Edit
          </a>
        )}
      </span>
    </li>
  )
}

function LowStockCard({ lowStock, canEdit }: { lowStock: OrdersSummary['lowStock']; canEdit: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AlertTriangle className="size-5 text-yellow-400" aria-hidden="true" />
          Low stock
        </CardTitle>
      </CardHeader>
      <CardContent>
        {lowStock.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every active product has more than 5 left.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="Low stock">
            {lowStock.map((s) => (
              <LowStockRow key={`${s.kind}:${s.id}`} item={s} canEdit={canEdit} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

/** Revenue per day, paid orders and revenue, best sellers and low stock, above the order cards. */
export function OrdersOverview() {
  const { canEdit } = useDashboard()
  const summary = useQuery<OrdersSummary>({ queryKey: KEYS.ordersSummary })
  // Fetch the chart's code while the figures load rather than after.
  useEffect(() => void loadChart(), [])
  return (
    <section aria-label="Orders overview" className="mb-6">
      <QueryState query={summary}>
        {(data) => (
          <div className="grid gap-4 lg:grid-cols-3">
            <RevenueCard data={data} />
            <div className="grid content-start gap-4">
              <TopProductsCard topProducts={data.topProducts} />
              <LowStockCard lowStock={data.lowStock} canEdit={canEdit} />
            </div>
          </div>
        )}
      </QueryState>
    </section>
  )
}
