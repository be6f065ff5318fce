import { cn } from '@/ui/cn'

import type { CartItem } from './schema'
import { cartTotals } from './totals'

/**
 * The cart's subtotal, and how shipping is priced: the cart knows no country, and shipping
 * depends on it (and on a discount code), so the checkout shows the shipping and the total.
 */
export function CartTotals({ items, testId, className }: { items: CartItem[]; testId: string; className?: string }) {
  const totals = cartTotals(items)
  return (
    <dl className={cn('grid grid-cols-[1fr_auto] gap-y-1 text-sm', className)}>
      <dt className="text-base font-bold">Subtotal</dt>
      <dd className="text-right text-base font-bold tabular-nums" data-testid={`${testId}-subtotal`}>
        ${totals.subtotal}
      </dd>
      <dt>Shipping</dt>
      <dd className="text-right text-muted-foreground" data-testid={`${testId}-shipping`}>
        By country, at checkout
      </dd>
    </dl>
  )
}
