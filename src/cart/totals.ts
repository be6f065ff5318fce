import { formatCents, SHIPPING_CENTS, toCents } from '@/lib/money'

import type { CartItem } from './schema'

/** Totals in cents and as "0.00" strings: shipping is flat 5.00 whenever the cart is non-empty. */
export function cartTotals(items: CartItem[]) {
  const subtotalCents = items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0)
  const shippingCents = items.length > 0 ? SHIPPING_CENTS : 0
  return {
    subtotalCents,
    shippingCents,
    totalCents: subtotalCents + shippingCents,
    subtotal: formatCents(subtotalCents),
    shipping: formatCents(shippingCents),
    total: formatCents(subtotalCents + shippingCents),
  }
}
