import { formatCents, toCents } from '@/lib/money'

import type { CartItem } from './schema'

/**
 * The cart's subtotal in cents and as a "0.00" string. Shipping, discounts and the total depend on
 * the country and code, so only the checkout's quote from the server gives them.
 */
export function cartTotals(items: CartItem[]) {
  const subtotalCents = items.reduce((sum, item) => sum + toCents(item.price) * item.quantity, 0)
  return { subtotalCents, subtotal: formatCents(subtotalCents) }
}
