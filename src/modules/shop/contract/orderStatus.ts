/** The statuses an order can have, in the order the dashboard's filter lists them. */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'shipped', 'completed', 'refunded'] as const

export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** What placing an order answers: the order as the server priced it. */
export type CreatedOrder = {
  id: string
  status: OrderStatus
  subtotalAmount: string
  shippingAmount: string
  /** What the discount code took off ("0.00" without one). */
  discountAmount: string
  /** The discount code applied, as stored (null without one). */
  discountCode: string | null
  totalAmount: string
  /** Present when the order is taxed: the tax and its lines ("Sales tax 7.25 %"). */
  taxAmount?: string
  taxLines?: { name: string; rate: string; amount: string }[]
  pricesIncludeTax?: boolean
}
