import { CartTotals } from '@/cart/CartTotals'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import type { CartItem } from '@/cart/schema'
import { cartTotals } from '@/cart/totals'

// A line's amount is the subtotal of that line alone. (Reusing the cart store's arithmetic rather
// than importing lib/money here keeps the landing page's shared chunks byte-for-byte unchanged.)
const lineTotal = (item: CartItem) => cartTotals([item]).subtotal

/**
 * The order summary: each line with its quantity and amount, then subtotal, shipping and total;
 * once the order is placed with another shipping rate or a discount code, the server's shipping,
 * the discount and the total to pay.
 */
export function OrderSummary({
  items,
  placed,
}: {
  items: CartItem[]
  /** The order as the server priced it, when its shipping or discount differ from the cart's. */
  placed?: { shippingAmount: string; discountAmount: string; discountCode: string | null; totalAmount: string } | null
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
          {placed && (
            <dl className="grid gap-1 border-t border-border pt-4 text-sm" data-testid="summary-placed">
              <div className="flex justify-between">
                <dt>Shipping for your address</dt>
                <dd className="tabular-nums">${placed.shippingAmount}</dd>
              </div>
              {placed.discountAmount !== '0.00' && (
                <div className="flex justify-between">
                  <dt>Discount{placed.discountCode ? ` (${placed.discountCode})` : ''}</dt>
                  <dd className="tabular-nums">-${placed.discountAmount}</dd>
                </div>
              )}
              <div className="flex justify-between font-semibold">
                <dt>Total to pay</dt>
                <dd className="tabular-nums">${placed.totalAmount}</dd>
              </div>
            </dl>
          )}
        </CardContent>
      </Card>
    </section>
  )
}
