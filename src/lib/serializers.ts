import type { BandProfile, DiscountCode, Link, Product, ProductOption, Show, ThemeSetting, User } from '@/payload-types'
import { formatCents, toMoneyString } from '@/lib/money'
import { publicStock } from '@/lib/preorder'
import type { ShowStatus } from '@/lib/showStatus'
import { FALLBACK_TIME_ZONE } from '@/lib/showTime'

/** Plain JSON shapes of the specification (money as "0.00" strings, relations as ids). */

const idOf = (value: unknown): string | null =>
  value && typeof value === 'object' && 'id' in value
    ? String((value as { id: unknown }).id)
    : value
      ? String(value)
      : null

export const serializeLink = (l: Link) => ({
  id: l.id,
  title: l.title,
  url: l.url,
  icon: l.icon ?? null,
  isActive: l.isActive,
  order: l.order,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
})

/**
 * The team's view of a product's or size's stock: as stored (below 0 for units pre-ordered beyond
 * it), with the pre-order's settings. The public sees it never below 0, with a `preorder`.
 */
const teamStock = (r: Pick<Product, 'inventory' | 'preorderShipsOn' | 'preorderCap'>) => ({
  inventory: r.inventory,
  preorderShipsOn: r.preorderShipsOn ?? null,
  preorderCap: r.preorderCap ?? null,
})

export const serializeProduct = (p: Product) => ({
  id: p.id,
  name: p.name,
  description: p.description ?? null,
  price: toMoneyString(p.price),
  imageUrl: p.imageUrl ?? null,
  category: p.category ?? null,
  ...publicStock(p.inventory, p.preorderShipsOn, p.preorderCap),
  isActive: p.isActive,
  isFeatured: p.isFeatured,
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
})

/** A product as the team sees it: with its low-stock threshold, which the public never sees. */
export const serializeAdminProduct = (p: Product) => ({
  ...serializeProduct(p),
  ...teamStock(p),
  lowStockThreshold: p.lowStockThreshold ?? 3,
})

export const serializeOption = (o: ProductOption) => ({
  id: o.id,
  productId: idOf(o.productId),
  name: o.name,
  value: o.value,
  priceAdjustment: toMoneyString(o.priceAdjustment),
  ...publicStock(o.inventory, o.preorderShipsOn, o.preorderCap),
  isActive: o.isActive,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
})

/** A size as the team sees it: its stock as stored (below 0 when pre-ordered beyond it) and its pre-order settings. */
export const serializeAdminOption = (o: ProductOption) => ({ ...serializeOption(o), ...teamStock(o) })

export const serializeShow = (s: Show) => ({
  id: s.id,
  title: s.title,
  venue: s.venue,
  date: s.date,
  time: s.time ?? null,
  /** Its own time zone; null: it follows the band's. */
  timeZone: s.timeZone || null,
  /** The zone its start is read in: its own, else the band's. */
  effectiveTimeZone: s.effectiveTimeZone || s.timeZone || FALLBACK_TIME_ZONE,
  startsAt: s.startsAt ?? null,
  status: (s.status ?? 'scheduled') as ShowStatus,
  previousDate: s.previousDate ?? null,
  streamUrl: s.streamUrl ?? null,
  slug: s.slug ?? null,
  /** How many times it changed (the calendar's SEQUENCE). */
  sequence: s.sequence ?? 0,
  ticketUrl: s.ticketUrl ?? null,
  description: s.description ?? null,
  city: s.city ?? null,
  state: s.state ?? null,
  isActive: s.isActive,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
})

/** null until the band has a name (the dashboard then offers to create the profile). */
export const serializeBandProfile = (b: BandProfile) =>
  b.name
    ? {
        id: b.id,
        name: b.name,
        genre: b.genre ?? null,
        location: b.location ?? null,
        bio: b.bio ?? null,
        profileImageUrl: b.profileImageUrl ?? null,
        timeZone: b.timeZone ?? null,
        createdAt: b.createdAt ?? null,
        updatedAt: b.updatedAt ?? null,
      }
    : null

export function serializeTheme(t: ThemeSetting, { includePrivate = false } = {}) {
  const theme = {
    id: t.id,
    backgroundColor: t.backgroundColor,
    foregroundColor: t.foregroundColor,
    primaryColor: t.primaryColor,
    accentColor: t.accentColor,
    cardColor: t.cardColor,
    backgroundImage: t.backgroundImage ?? null,
    backgroundStyle: t.backgroundStyle,
    backgroundPosition: t.backgroundPosition,
    fontFamily: t.fontFamily,
    headerFontFamily: t.headerFontFamily,
    borderRadius: t.borderRadius,
    cardOpacity: t.cardOpacity,
    customCss: t.customCss ?? null,
    createdAt: t.createdAt ?? null,
    updatedAt: t.updatedAt ?? null,
  }
  return includePrivate ? { ...theme, notificationEmail: t.notificationEmail ?? null } : theme
}

/** A team member as the dashboard sees them (no password hashes, sessions or tokens). */
export const serializeUser = (user: User) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName ?? null,
  lastName: user.lastName ?? null,
  profileImageUrl: user.profileImageUrl ?? null,
  role: user.role,
  isActive: user.isActive,
  invitedBy: typeof user.invitedBy === 'object' && user.invitedBy ? user.invitedBy.id : (user.invitedBy ?? null),
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
})

/** A discount code: a percent as a number, an amount as "5.00", free shipping with value null. */
export const serializeDiscountCode = (d: DiscountCode) => ({
  id: d.id,
  code: d.code,
  kind: d.kind,
  value:
    d.kind === 'percent'
      ? Number(d.value ?? 0)
      : d.kind === 'amount'
        ? formatCents(Math.round(Number(d.value ?? 0)))
        : null,
  minSubtotal: d.minSubtotal === null || d.minSubtotal === undefined ? null : toMoneyString(d.minSubtotal),
  startsAt: d.startsAt ?? null,
  endsAt: d.endsAt ?? null,
  maxUses: d.maxUses ?? null,
  oncePerEmail: Boolean(d.oncePerEmail),
  productIds: Array.isArray(d.productIds) ? (d.productIds as string[]) : [],
  uses: Number(d.uses ?? 0),
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
})
