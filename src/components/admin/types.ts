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

export type {
  AdminOrder as Order,
  AdminOrderItem as OrderItem,
  OrdersSummary,
  ProductOptionRecord as ProductOption,
} from '@/lib/adminTypes'
