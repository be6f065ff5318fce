/** The statuses an order can have, in the order the dashboard's filter lists them. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'shipped', 'completed', 'refunded'] as const

export type OrderStatus = (typeof ORDER_STATUSES)[number]
