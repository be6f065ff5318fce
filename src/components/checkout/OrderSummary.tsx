import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import type { CartItem } from '@/lib/schemas/cart'
import { cartTotals } from '@/stores/cart'

// A line's amount is the subtotal of that line alone. (Reusing the cart store's arithmetic rather
// than importing lib/money here keeps the landing page's shared chunks byte-for-byte unchanged.)
const lineTotal = (item: CartItem) => cartTotals([item]).subtotal

/** The order summary: each line with its quantity and amount, then subtotal, shipping and total. */
export function OrderSummary({ items }: { items: CartItem[] }) {
  const totals = cartTotals(items)
  return (
    <section aria-labelledby="order-summary-title">
      <Card>
        <CardHeader>
          <CardTitle id="order-summary-title">Order Summary</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ul className="divide-y divide-border" aria-label="Items">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex items-start justify-between gap-3 py-3 first:pt-0"
                data-testid="summary-line"
              >
                <div className="min-w-0">
                  <p className="font-semibold">{item.name}</p>
                  {item.selectedOption && (
                    <p className="text-sm text-muted-foreground">
                      {item.selectedOption.name}: {item.selectedOption.value}
                    </p>
                  )}
                  <p className="text-sm text-muted-foreground">
                    {item.quantity} × ${item.price}
                  </p>
                </div>
                <p className="tabular-nums">${lineTotal(item)}</p>
              </li>
            ))}
          </ul>
          <dl className="grid grid-cols-[1fr_auto] gap-y-1 border-t border-border pt-4 text-sm">
            <dt>Subtotal</dt>
            <dd className="text-right tabular-nums" data-testid="summary-subtotal">
              ${totals.subtotal}
            </dd>
            <dt>Shipping</dt>
            <dd className="text-right tabular-nums" data-testid="summary-shipping">
              ${totals.shipping}
            </dd>
            <dt className="text-base font-bold">Total</dt>
            <dd className="text-right text-base font-bold tabular-nums" data-testid="summary-total">
              ${totals.total}
            </dd>
          </dl>
        </CardContent>
      </Card>
    </section>
  )
}
