/**
 * The team API's JSON shapes that a service builds and the dashboard reads: one definition for
 * both sides.
 */

/** A product option as the team API returns it. */
export type ProductOptionRecord = {
  id: string
  productId: string
  name: string
  value: string
  priceAdjustment: string
  inventory: number
  isActive: boolean
}

/** An order's line as the team API's order list returns it. */
export type AdminOrderItem = {
  id: string
  orderId: string
  productId: string | null
  productOptionId: string | null
  quantity: number
  price: string
  createdAt: string
  productName: string | null
  optionName: string | null
  optionValue: string | null
  priceAdjustment: string
  /** The product and option as they are now, while they exist. */
  product: { id: string; name: string } | null
  option: { id: string; name: string; value: string } | null
}

/** An order with its lines, as the team API's order list returns it. */
export type AdminOrder = {
  id: string
  customerEmail: string
  customerName: string | null
  customerPhone: string | null
  subtotalAmount: string
  shippingAmount: string
  totalAmount: string
  status: string
  paypalOrderId: string | null
  paypalCaptureId: string | null
  shippingAddress: Record<string, string> | null
  failureReason: string | null
  createdAt: string
  updatedAt: string
  items: AdminOrderItem[]
}

/** GET /api/admin/orders/summary: the Orders overview. */
export type OrdersSummary = {
  from: string
  to: string
  days: { date: string; orders: number; revenue: string }[]
  paid: { orders: number; revenue: string }
  topProducts: { productId: string | null; name: string; units: number; revenue: string }[]
  lowStock: {
    kind: 'product' | 'option'
    id: string
    productId: string
    name: string
    option: string | null
    inventory: number
  }[]
}
