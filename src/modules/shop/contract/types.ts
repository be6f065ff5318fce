import type { serializeDiscountCode } from '@/modules/shop/contract/serializers'

/** What the API answers, for the services that build it and the pages and dashboard that read it. */

/** A discount code as the admin API answers it, with the revenue of its paid orders ("0.00"). */
export type DiscountCodeItem = ReturnType<typeof serializeDiscountCode> & { revenue: string }

/** An order's line as the team API's order list returns it. */
export type OrderItem = {
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
  /** Bought on pre-order: the day it ships ("YYYY-MM-DD"). */
  preorderShipsOn: string | null
  /** A release bought (downloaded, never shipped); null for a product. */
  releaseId: string | null
  /** The product and option as they are now, while they exist. */
  product: { id: string; name: string } | null
  option: { id: string; name: string; value: string } | null
}

/** An order with its lines, as the team API's order list returns it. */
export type Order = {
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
  /** The discount code's amount off ("0.00" without one) and the code used. */
  discountAmount: string
  discountCode: string | null
  /** The tax ("0.00" untaxed), one line per rate, and whether the prices included it. */
  taxAmount: string
  taxLines: { name: string; rate: string; amount: string }[]
  pricesIncludeTax: boolean
  /** How it was shipped (both optional, set when marked shipped). */
  carrier: string | null
  trackingNumber: string | null
  /** With pre-order items: when it ships (the last of their days), and whether in-stock items wait with them. */
  preorder: { shipsOn: string; mixed: boolean } | null
  createdAt: string
  updatedAt: string
  items: OrderItem[]
}

/** GET /api/admin/orders/summary: the Orders overview. */
export type OrdersSummary = {
  from: string
  to: string
  /**
   * Web orders per day; the merch table's sales (`tableSales`, `tableRevenue`) and the music
   * (`musicSales`: releases sold or given, `musicRevenue`) are their own channels.
   */
  days: {
    date: string
    orders: number
    revenue: string
    tableSales: number
    tableRevenue: string
    musicSales: number
    musicRevenue: string
  }[]
  paid: { orders: number; revenue: string }
  /** Releases sold (or given free) in web orders in the period, and their revenue. */
  music: { sales: number; revenue: string }
  /** Sales at the shows' merch tables in the period (voided ones excluded), never counted as orders. */
  table: { sales: number; revenue: string }
  topProducts: { productId: string | null; name: string; units: number; revenue: string }[]
  lowStock: {
    kind: 'product' | 'option'
    id: string
    productId: string
    name: string
    option: string | null
    /** Below 0 on a pre-order: the units sold beyond the stock on hand. */
    inventory: number
    /** The pre-order's ship date, when the item is on pre-order. */
    preorderShipsOn: string | null
  }[]
}

/** What `POST /api/checkout/quote` answers: the one price of a cart for a country and a code. */
export type CartQuote = {
  lines: {
    /** A product's line, or (releaseId) a release's, which never ships. */
    productId: string | null
    productOptionId: string | null
    releaseId: string | null
    name: string
    optionName: string | null
    optionValue: string | null
    quantity: number
    unitAmount: string
    amount: string
    /** Bought on pre-order: the day it ships ("YYYY-MM-DD"). */
    preorderShipsOn: string | null
  }[]
  subtotalAmount: string
  discountAmount: string
  /** The code applied, as stored; null without one (or when it was refused). */
  discountCode: string | null
  shippingAmount: string
  /** The tax: added to the total, or (pricesIncludeTax) the part of it that is tax; "0.00" untaxed. */
  taxAmount: string
  /** One line per rate charged, adding up to taxAmount. */
  taxLines: { name: string; rate: string; amount: string }[]
  pricesIncludeTax: boolean
  /** False when the shop does not ship to the country: the shipping is then "0.00". */
  shipsToCountry: boolean
  totalAmount: string
  /** Why the code given takes nothing off, when it was refused; null otherwise. */
  discountMessage: string | null
}
