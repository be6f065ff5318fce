import 'server-only'

import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'

import { formatCents } from '@/lib/money'
import type { TillSaleInput } from '@/modules/merchTable/contract/till'
import type { Tx } from '@/platform/db/transaction'

/** A recorded till sale as the till and the team read it, and the hash that recognises a repeat of it. */

/** A line of a product (with its size) or, with `productId` null, of a release. */
export type TillSaleLine = {
  productId: string | null
  productOptionId: string | null
  releaseId: string | null
  title: string
  quantity: number
  unitPrice: string
  oversold: number
}
export type TillSale = {
  id: string
  at: string
  payment: 'cash' | 'card'
  subtotal: string
  discount: string
  discountReason: string | null
  comp: boolean
  compReason: string | null
  total: string
  voided: boolean
  voidReason: string | null
  flagged: boolean
  lines: TillSaleLine[]
}

/** Canonical text of a sale (sorted keys), so a repeat is recognised whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

export const bodyHash = (input: TillSaleInput) =>
  crypto
    .createHash('sha256')
    .update(canonical({ ...input, at: new Date(input.at).toISOString() }))
    .digest('hex')

type SaleRow = {
  id: string
  show_id: string
  sold_at: Date | string
  payment: 'cash' | 'card'
  subtotal_cents: number
  discount_cents: number
  discount_reason: string | null
  comp_reason: string | null
  total_cents: number
  voided_at: Date | string | null
  void_reason: string | null
  body_hash: string
}
type LineRow = {
  sale_id: string
  product_id: string | null
  product_option_id: string | null
  release_id: string | null
  title: string
  quantity: number
  unit_price_cents: number
  oversold: number
}

export async function readSales(tx: Pick<Tx, 'execute'>, where: ReturnType<typeof sql>): Promise<TillSale[]> {
  const sales = await tx.execute<SaleRow>(sql`SELECT * FROM till_sales WHERE ${where} ORDER BY sold_at DESC, id`)
  if (sales.length === 0) return []
  const lines = await tx.execute<LineRow>(
    sql`SELECT * FROM till_sale_lines WHERE sale_id IN (${sql.join(
      sales.map((s) => sql`${s.id}::uuid`),
      sql`, `,
    )}) ORDER BY sale_id, line`,
  )
  return sales.map((s) => {
    const own = lines.filter((l) => l.sale_id === s.id)
    return {
      id: s.id,
      at: new Date(s.sold_at).toISOString(),
      payment: s.payment,
      subtotal: formatCents(s.subtotal_cents),
      discount: formatCents(s.discount_cents),
      discountReason: s.discount_reason,
      comp: s.comp_reason !== null,
      compReason: s.comp_reason,
      total: formatCents(s.total_cents),
      voided: s.voided_at !== null,
      voidReason: s.void_reason,
      flagged: own.some((l) => l.oversold > 0),
      lines: own.map((l) => ({
        productId: l.product_id,
        productOptionId: l.product_option_id,
        releaseId: l.release_id,
        title: l.title,
        quantity: l.quantity,
        unitPrice: formatCents(l.unit_price_cents),
        oversold: l.oversold,
      })),
    }
  })
}
