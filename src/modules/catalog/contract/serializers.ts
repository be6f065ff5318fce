import type { Product, ProductOption } from '@/payload-types'
import { toMoneyString } from '@/lib/money'
import { publicStock } from '@/modules/stock/contract/preorder'

/** Plain JSON shapes of the specification (money as "0.00" strings, relations as ids). */

const idOf = (value: unknown): string | null =>
  value && typeof value === 'object' && 'id' in value
    ? String((value as { id: unknown }).id)
    : value
      ? String(value)
      : null

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
  /** The release a buyer of this product may download, or null. */
  includesReleaseId: idOf(p.includesRelease),
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
