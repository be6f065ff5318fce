import type { CampaignStatus, SubscriberSource, SubscriberStatus } from './subscriberStatus'
import type {
  serializeBandProfile,
  serializeDiscountCode,
  serializeLink,
  serializeOption,
  serializeAdminOption,
  serializeAdminProduct,
  serializeProduct,
  serializeShow,
  serializeTheme,
  serializeUser,
} from './serializers'

/**
 * What the API answers, for the services that build it and the pages and dashboard that read it.
 * Records are derived from their serializers (src/lib/serializers.ts); the order list and overview,
 * and the subscriber list, are built in SQL by services typed with the shapes below.
 */

export type BandProfile = NonNullable<ReturnType<typeof serializeBandProfile>>
export type LinkItem = ReturnType<typeof serializeLink>
/** A discount code as the admin API answers it, with the revenue of its paid orders ("0.00"). */
export type DiscountCodeItem = ReturnType<typeof serializeDiscountCode> & { revenue: string }
export type Product = ReturnType<typeof serializeProduct>
/** A product in the team's API: with its low-stock threshold. */
export type AdminProduct = ReturnType<typeof serializeAdminProduct>
export type ProductOption = ReturnType<typeof serializeOption>
/** A size in the team's API: its stock as stored, with its pre-order's settings. */
export type AdminOption = ReturnType<typeof serializeAdminOption>
export type Show = ReturnType<typeof serializeShow>

type AnyTheme = ReturnType<typeof serializeTheme>
/** The theme as everyone reads it (GET /api/theme-settings). */
export type Theme = Exclude<AnyTheme, { notificationEmail: unknown }>
/** The dashboard's theme: what the public sees plus the owner's notification addresses. */
export type ThemeSettings = Extract<AnyTheme, { notificationEmail: unknown }>

/** A team member, as GET /api/auth/user and the team list answer them. */
export type TeamUser = ReturnType<typeof serializeUser>

/** A newsletter subscriber in the team's list. */
export type Subscriber = {
  id: string
  email: string
  /** Confirmed: the spec's Active badge. */
  isActive: boolean
  status: SubscriberStatus
  source: SubscriberSource
  signedUpAt: string | null
  confirmedAt: string | null
  unsubscribedAt: string | null
  city: string | null
  state: string | null
  createdAt: string | null
}

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
  /** Web orders per day; the merch table's sales (`tableSales`, `tableRevenue`) are their own channel. */
  days: { date: string; orders: number; revenue: string; tableSales: number; tableRevenue: string }[]
  paid: { orders: number; revenue: string }
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

/** A newsletter campaign, with its delivery counts. */
export type Campaign = {
  id: string
  subject: string
  body: string
  audience: { city: string | null; state: string | null }
  status: CampaignStatus
  scheduledAt: string | null
  startedAt: string | null
  finishedAt: string | null
  /** Why the campaign paused itself, when it did. */
  pauseReason: string | null
  /** The show this draft announces, when it is a show announcement. */
  showId: string | null
  createdAt: string | null
  counts: { recipients: number; sent: number; failed: number }
  /**
   * How many confirmed subscribers its audience holds now (who a send would reach), for a draft
   * or a scheduled campaign; null once it is sending or done (its recipients are then written).
   */
  audienceSize: number | null
}

/** `GET /api/admin/back-in-stock`: how many fans wait for a sold-out product or size. */
export type WaitingLine = {
  productId: string
  productOptionId: string | null
  product: string
  size: string | null
  waiting: number
}

/** What `POST /api/checkout/quote` answers: the one price of a cart for a country and a code. */
export type CartQuote = {
  lines: {
    productId: string
    productOptionId: string | null
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
  /** False when the shop does not ship to the country: the shipping is then "0.00". */
  shipsToCountry: boolean
  totalAmount: string
  /** Why the code given takes nothing off, when it was refused; null otherwise. */
  discountMessage: string | null
}
