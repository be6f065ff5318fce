import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Tx } from '@/platform/db/transaction'

/**
 * The shop's catalogue as the merch table reads it: its products and sizes with price and stock.
 * The table moves stock through `moveStock` (./moveStock.ts) like every other caller.
 */

export type CatalogRow = {
  productId: string
  optionId: string | null
  productName: string
  size: string | null
  priceCents: number
  stock: number
  hasOptions: boolean
  isActive: boolean
}

/**
 * The products (and their sizes) named by `productIds`, or every active one when omitted, with
 * price in cents and shop stock. A product with sizes is sold by size only.
 */
export async function catalogRows(
  tx: Pick<Tx, 'execute'>,
  productIds?: string[],
  { includeInactive = false } = {},
): Promise<CatalogRow[]> {
  if (productIds && productIds.length === 0) return []
  const filter = productIds
    ? sql`p.id IN (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : includeInactive
      ? sql`true`
      : sql`p.is_active AND (o.id IS NULL OR o.is_active)`
  const rows = await tx.execute<{
    product_id: string
    option_id: string | null
    name: string
    value: string | null
    price_cents: string
    stock: string
    has_options: boolean
    is_active: boolean
  }>(sql`
    SELECT p.id AS product_id, o.id AS option_id, p.name, o.value,
      round((p.price + coalesce(o.price_adjustment, 0)) * 100)::bigint AS price_cents,
      GREATEST(coalesce(o.inventory, p.inventory), 0) AS stock,
      EXISTS (SELECT 1 FROM product_options x WHERE x.product_id_id = p.id) AS has_options,
      p.is_active AND coalesce(o.is_active, true) AS is_active
    FROM products p LEFT JOIN product_options o ON o.product_id_id = p.id
    WHERE ${filter}
    ORDER BY p.is_featured DESC, p.name, p.id, o.created_at, o.id`)
  return rows.map((r) => ({
    productId: r.product_id,
    optionId: r.option_id,
    productName: r.name,
    size: r.value,
    priceCents: Number(r.price_cents),
    stock: Number(r.stock),
    hasOptions: r.has_options,
    isActive: r.is_active,
  }))
}

/** An item's key: its size's id when it has one, else the product's. */
export const itemKey = (item: { productId: string; optionId: string | null }) => item.optionId ?? item.productId

/**
 * Checks that each line names a product (and one of its sizes when it has sizes); answers each
 * line's catalogue row, or field messages under `path.N`.
 */
export async function resolveItems(
  tx: Pick<Tx, 'execute'>,
  lines: { productId: string; productOptionId: string | null }[],
  path: string,
): Promise<{ rows: CatalogRow[]; errors: Record<string, string> }> {
  const all = await catalogRows(tx, [...new Set(lines.map((l) => l.productId))])
  const rows: CatalogRow[] = []
  const errors: Record<string, string> = {}
  lines.forEach((line, i) => {
    const ofProduct = all.filter((r) => r.productId === line.productId)
    if (ofProduct.length === 0) {
      errors[`${path}.${i}.productId`] = 'Unknown product'
      return
    }
    const row = line.productOptionId
      ? ofProduct.find((r) => r.optionId === line.productOptionId)
      : ofProduct[0]!.hasOptions
        ? undefined
        : ofProduct[0]
    if (!row) {
      errors[`${path}.${i}.productOptionId`] = line.productOptionId ? 'Unknown size for this product' : 'Choose a size'
      return
    }
    rows.push(row)
  })
  return { rows, errors }
}
