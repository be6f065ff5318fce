/** JSON shapes of the team API as the dashboard reads them. */
import type { PublicTheme } from '@/lib/themeStyle'

import type { Role } from '@/access/roles'

export type { Role }

/** When the item was last saved; a save sends it back so a stale form cannot undo newer changes. */
type Versioned = { updatedAt: string | null }

export type CurrentUser = {
  id: string
  email: string
  firstName: string | null
  lastName: string | null
  profileImageUrl: string | null
  role: Role
  isActive: boolean
  invitedBy: string | null
}

export type TeamUser = CurrentUser & { createdAt: string; updatedAt: string }

export type BandProfile = Versioned & {
  id: string
  name: string
  genre: string | null
  location: string | null
  bio: string | null
  profileImageUrl: string | null
}

export type LinkItem = Versioned & {
  id: string
  title: string
  url: string
  icon: string | null
  isActive: boolean
  order: number
}

export type Product = Versioned & {
  id: string
  name: string
  description: string | null
  price: string
  imageUrl: string | null
  category: string | null
  inventory: number
  isActive: boolean
  isFeatured: boolean
}

export type ProductOption = {
  id: string
  productId: string
  name: string
  value: string
  priceAdjustment: string
  inventory: number
  isActive: boolean
}

export type OrderItem = {
  id: string
  productName: string | null
  optionName: string | null
  optionValue: string | null
  priceAdjustment: string
  quantity: number
  price: string
}

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
  shippingAddress: {
    street?: string
    city?: string
    state?: string
    zip?: string
    zipCode?: string
    country?: string
  } | null
  createdAt: string
  items: OrderItem[]
}

export type Show = Versioned & {
  id: string
  title: string
  venue: string
  date: string
  time: string | null
  ticketUrl: string | null
  description: string | null
  city: string | null
  state: string | null
  isActive: boolean
}

export type Subscriber = { id: string; email: string; isActive: boolean; createdAt: string | null }

/** The dashboard's theme form: what the public sees plus the owner's notification addresses. */
export type ThemeSettings = PublicTheme & Versioned & { notificationEmail: string | null }

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
