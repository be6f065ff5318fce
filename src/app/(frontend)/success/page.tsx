import { CircleCheck } from 'lucide-react'
import type { Metadata } from 'next'
import { headers } from 'next/headers'

import { NoticeCard } from '@/ui/NoticeCard'
import { totalLines } from '@/modules/shop/contract/cartPrice'
import { dollars } from '@/lib/money'
import { isUuid } from '@/lib/ids'
import { boundOrderIdsOf } from '@/modules/shop/server/checkoutSession'
import { findReceipt } from '@/modules/shop/server/orders'
import { payloadClient } from '@/platform/db/payload'

export const metadata: Metadata = { title: 'Order Complete!', robots: { index: false } }

/**
 * The spec's thanks, and, for the browser that paid, the order it paid: its number, items and the
 * amounts (the same lines as its emails). Another browser, or an unpaid order, sees the thanks only.
 */
export default async function SuccessPage({ searchParams }: { searchParams: Promise<{ order?: string | string[] }> }) {
  const { order: asked } = await searchParams
  const orderId = typeof asked === 'string' && isUuid(asked) ? asked.toLowerCase() : null
  const bound = boundOrderIdsOf((await headers()).get('cookie'))
  const receipt = bound.length > 0 ? await findReceipt(await payloadClient(), bound, orderId) : null
  return (
    <NoticeCard icon={<CircleCheck aria-hidden="true" className="size-14 text-accent" />} title="Order Complete!">
      <p>Thank you for your purchase. You will receive an email confirmation shortly.</p>
      {receipt && (
        <section aria-labelledby="receipt-title" className="w-full text-left" data-testid="receipt">
          <h2 id="receipt-title" className="mb-2 font-heading text-lg font-semibold">
            Order #{receipt.id.slice(0, 8)}
          </h2>
          <ul className="grid gap-1 border-b border-border pb-2 text-sm" aria-label="Items">
            {receipt.items.map((item, n) => (
              <li key={n} className="flex justify-between gap-3">
                <span className="min-w-0 break-words">
                  {item.quantity} × {item.label}
                </span>
                <span className="whitespace-nowrap tabular-nums">${item.amount}</span>
              </li>
            ))}
          </ul>
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">
            {totalLines(receipt).map((line) => (
              <div key={`${line.key}:${line.label}`} className="contents">
                <dt className={line.key === 'total' ? 'font-bold' : undefined}>
                  {line.key === 'total' ? 'Total paid' : line.label}
                </dt>
                <dd
                  className={`text-right whitespace-nowrap tabular-nums ${line.key === 'total' ? 'font-bold' : ''}`}
                  data-testid={`receipt-${line.key}`}
                >
                  {dollars(line.amount)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </NoticeCard>
  )
}
