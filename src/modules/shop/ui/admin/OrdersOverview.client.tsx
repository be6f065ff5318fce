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

/** Revenue per day, paid orders and revenue, best sellers and low stock, above the order cards. */
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
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle>Revenue per day (last 30 days)</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="mb-4 flex flex-wrap gap-x-8 gap-y-2">
                  <div>
                    <dt className="text-sm text-muted-foreground">Paid orders</dt>
                    <dd className="text-2xl font-bold" data-testid="paid-orders">
                      {data.paid.orders}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-muted-foreground">Revenue</dt>
                    <dd className="text-2xl font-bold" data-testid="paid-revenue">
                      {usd(data.paid.revenue)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-muted-foreground">Merch table sales</dt>
                    <dd className="text-2xl font-bold" data-testid="table-sales">
                      {data.table.sales}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-muted-foreground">Merch table revenue</dt>
                    <dd className="text-2xl font-bold" data-testid="table-revenue">
                      {usd(data.table.revenue)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-muted-foreground">Music sales</dt>
                    <dd className="text-2xl font-bold" data-testid="music-sales">
                      {data.music.sales}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-muted-foreground">Music revenue</dt>
                    <dd className="text-2xl font-bold" data-testid="music-revenue">
                      {usd(data.music.revenue)}
                    </dd>
                  </div>
                </dl>
                <RevenueChart days={data.days} />
              </CardContent>
            </Card>
            <div className="grid content-start gap-4">
              <Card>
                <CardHeader>
                  <CardTitle>Top products (last 30 days)</CardTitle>
                </CardHeader>
                <CardContent>
                  {data.topProducts.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No sales in the last 30 days.</p>
                  ) : (
                    <ol className="grid gap-1 text-sm" aria-label="Top products">
                      {data.topProducts.map((p) => (
                        <li key={p.productId ?? p.name} className="flex justify-between gap-3">
                          <span className="min-w-0 wrap-anywhere">{p.name}</span>
                          <span className="shrink-0 text-muted-foreground">{p.units} sold</span>
                        </li>
                      ))}
                    </ol>
                  )}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <AlertTriangle className="size-5 text-yellow-400" aria-hidden="true" />
                    Low stock
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  {data.lowStock.length === 0 ? (
                    <p className="text-sm text-muted-foreground">Every active product has more than 5 left.</p>
                  ) : (
                    <ul className="grid gap-1 text-sm" aria-label="Low stock">
                      {data.lowStock.map((s) => (
                        <li key={`${s.kind}:${s.id}`} className="flex items-center justify-between gap-3">
                          <span className="min-w-0 wrap-anywhere">
                            {s.name}
                            {s.option && <span className="text-muted-foreground"> ({s.option})</span>}
                          </span>
                          <span className="flex shrink-0 items-center gap-3">
                            <span
                              className={
                                s.inventory === 0 && !s.preorderShipsOn
                                  ? 'font-semibold text-red-300'
                                  : 'text-yellow-300'
                              }
                            >
                              {stockText(s)}
                            </span>
                            {canEdit && (
                              <a
                                className="underline underline-offset-2 hover:text-accent"
                                href={
                                  s.kind === 'option'
                                    ? `/cms/collections/product-options/${s.id}`
                                    : `/cms/collections/products/${s.id}`
                                }
                                aria-label={`Edit ${s.name}${s.option ? ` (${s.option})` : ''}`}
                              >
                                Edit
                              </a>
                            )}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </CardContent>
              </Card>
            </div>
          </div>
        )}
      </QueryState>
    </section>
  )
}
