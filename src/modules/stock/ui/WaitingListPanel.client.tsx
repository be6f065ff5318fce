'use client'

import { useQuery } from '@tanstack/react-query'

import { Card } from '@/ui/card'
import type { WaitingLine } from '@/modules/stock/contract/types'

import { KEYS } from '@/ui/admin/mutations.client'
import { QueryState } from '@/ui/admin/QueryState.client'

/**
 * The Products tab's back-in-stock waiting list: how many fans asked to be emailed, per product
 * and size, most wanted first, so the band sees the demand before reprinting (every role reads it).
 */
export function WaitingListPanel() {
  const query = useQuery<WaitingLine[]>({ queryKey: KEYS.backInStock })
  return (
    <section aria-labelledby="waiting-list-heading" className="flex flex-col gap-3">
      <h2 id="waiting-list-heading" className="font-heading text-xl font-bold">
        Waiting for a Restock
      </h2>
      <QueryState query={query}>
        {(lines) =>
          lines.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody is waiting for a sold-out item.</p>
          ) : (
            <Card className="p-0">
              <ul aria-label="Waiting for a restock" className="divide-y divide-border">
                {lines.map((line) => (
                  <li
                    key={line.productOptionId ?? line.productId}
                    className="flex items-center justify-between gap-4 px-4 py-2 text-sm"
                  >
                    <span className="min-w-0 break-words">
                      {line.product}
                      {line.size && <span className="text-muted-foreground">: {line.size}</span>}
                    </span>
                    <span className="shrink-0 font-semibold tabular-nums">
                      {line.waiting} {line.waiting === 1 ? 'fan' : 'fans'} waiting
                    </span>
                  </li>
                ))}
              </ul>
            </Card>
          )
        }
      </QueryState>
    </section>
  )
}
