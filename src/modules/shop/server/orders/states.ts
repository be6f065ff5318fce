import 'server-only'

import type { Order } from '@/payload-types'

export type OrderStatus = Order['status']

/**
 * Order states: pending → paid → shipped → completed; pending → failed; paid or shipped → refunded.
 * Only the server moves an order, and each move happens once.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed'],
  paid: ['shipped', 'refunded'],
  shipped: ['completed', 'refunded'],
  completed: [],
  failed: [],
  refunded: [],
}

export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to)
