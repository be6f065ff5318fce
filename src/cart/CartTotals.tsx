import { cn } from '@/lib/cn'

import type { CartItem } from './schema'
import { cartTotals } from './totals'

/** Subtotal, shipping and total of a cart; `testId` prefixes each figure's test id. */
export function CartTotals({ items, testId, className }: { items: CartItem[]; testId: string; className?: string }) {
  const totals = cartTotals(items)
  return (
    <dl className={cn('grid grid-cols-[1fr_auto] gap-y-1 text-sm', className)}>
      <dt>Subtotal</dt>
      <dd className="text-right tabular-nums" data-testid={`${testId}-subtotal`}>
        ${totals.subtotal}
      </dd>
      <dt>Shipping</dt>
      <dd className="text-right tabular-nums" data-testid={`${testId}-shipping`}>
        ${totals.shipping}
      </dd>
      <dt className="text-base font-bold">Total</dt>
      <dd className="text-right text-base font-bold tabular-nums" data-testid={`${testId}-total`}>
        ${totals.total}
      </dd>
    </dl>
  )
}
