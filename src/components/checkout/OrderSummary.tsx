import { CartTotals } from '@/cart/CartTotals'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import type { CartItem } from '@/cart/schema'
import { cartTotals } from '@/cart/totals'

// A line's amount is the subtotal of that line alone. (Reusing the cart store's arithmetic rather
// than importing lib/money here keeps the landing page's shared chunks byte-for-byte unchanged.)
const lineTotal = (item: CartItem) => cartTotals([item]).subtotal

/**
 * The order summary: each line with its quantity and amount, then subtotal, shipping and total;
 * once the order is placed with a discount code, the discount and the total to pay.
 */
export function OrderSummary({
  items,
  discount,
}: {
  items: CartItem[]
  discount?: { code: string; amount: string; total: string } | null
}) {
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
          <CartTotals items={items} testId="summary" className="border-t border-border pt-4" />
          {discount && (
            <dl className="grid gap-1 border-t border-border pt-4 text-sm" data-testid="summary-discount">
              <div className="flex justify-between">
                <dt>Discount ({discount.code})</dt>
                <dd className="tabular-nums">-${discount.amount}</dd>
              </div>
              <div className="flex justify-between font-semibold">
                <dt>Total to pay</dt>
                <dd className="tabular-nums">${discount.total}</dd>
              </div>
            </dl>
          )}
        </CardContent>
      </Card>
    </section>
  )
}
