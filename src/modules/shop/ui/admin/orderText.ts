import { toCents } from '@/lib/money'
import type { Order } from '@/modules/shop/contract/types'

/** Status badge colours: green for paid, blue for shipped, purple for completed, grey for the rest. */
const STATUS_COLOURS: Record<string, string> = {
  paid: 'bg-green-700 text-white',
  shipped: 'bg-blue-700 text-white',
  completed: 'bg-purple-700 text-white',
}

export function statusBadgeClass(status: string): string {
  return STATUS_COLOURS[status] ?? 'bg-gray-600 text-white'
}

export function addressOf(order: Order): string {
  const a = order.shippingAddress
  const parts = a ? [a.street, a.city, a.state, a.zip ?? a.zipCode].filter((p) => p && String(p).trim()) : []
  return parts.length ? parts.join(', ') : 'No address provided'
}

/** "+$2.00" / "-$1.00"; nothing for no adjustment. */
export function signedAdjustment(amount: string): string | null {
  const cents = toCents(amount)
  if (cents === 0) return null
  return `${cents > 0 ? '+' : '-'}$${amount.replace('-', '')}`
}
