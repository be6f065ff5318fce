import 'server-only'

import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { formatCents, toCents } from '@/lib/money'
import type { TillSaleInput } from '@/modules/merchTable/contract/till'

import { conflict, invalid, notFound } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { revalidatePublic } from '@/platform/cache/revalidate'
import { query, withTransaction, type Tx } from '@/platform/db/transaction'

import { catalogRows, itemKey, moveStock, resolveItems } from '@/modules/stock'
import { findShow, type Till } from './tills'

/**
 * Sales rung up at the merch table. Each carries an id made on the phone: the first time it
 * arrives it is recorded (201), any later arrival answers the same record (200), however many are
 * in flight at once. A sale is never refused for stock: what the shop (or the show's box) did not
 * have is recorded as the line's oversale, for the team to see.
 */

export type TillSaleLine = {
  productId: string
  productOptionId: string | null
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

export type CatalogItem = {
  productId: string
  productOptionId: string | null
  name: string
  size: string | null
  price: string
  stock: number
  /** "box": counted in for this show, so the stock shown is what is left in the box. */
  source: 'stock' | 'box'
}
export type TillCatalog = {
  show: { id: string; title: string; venue: string; date: string }
  expiresAt: string
  items: CatalogItem[]
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

const bodyHash = (input: TillSaleInput) =>
  crypto
    .createHash('sha256')
    .update(canonical({ ...input, at: new Date(input.at).toISOString() }))
    .digest('hex')

/** Units sold from the box so far (voided sales excluded), per item, for the show. */
async function boxSold(tx: Pick<Tx, 'execute'>, showId: string): Promise<Map<string, number>> {
  const rows = await tx.execute<{ item: string; sold: string }>(sql`
    SELECT coalesce(l.product_option_id, l.product_id) AS item, sum(l.quantity) AS sold
    FROM till_sale_lines l JOIN till_sales s ON s.id = l.sale_id
    WHERE s.show_id = ${showId} AND s.voided_at IS NULL AND l.source = 'box'
    GROUP BY 1`)
  return new Map(rows.map((r) => [r.item, Number(r.sold)]))
}

/** What was counted into the show's box, per item. */
async function boxCountedIn(tx: Pick<Tx, 'execute'>, showId: string): Promise<Map<string, number>> {
  const rows = await tx.execute<{ item_id: string; quantity: number }>(
    sql`SELECT item_id, quantity FROM show_counts WHERE show_id = ${showId} AND kind = 'in'`,
  )
  return new Map(rows.map((r) => [r.item_id, Number(r.quantity)]))
}

/** The show's merch row, created when missing and locked: sales and counts of one show go one at a time. */
export async function lockShowMerch(tx: Tx, showId: string) {
  await tx.execute(sql`INSERT INTO show_merch (show_id) VALUES (${showId}) ON CONFLICT (show_id) DO NOTHING`)
  const rows = await tx.execute<{ counted_in_at: Date | null; counted_out_at: Date | null }>(
    sql`SELECT counted_in_at, counted_out_at FROM show_merch WHERE show_id = ${showId} FOR UPDATE`,
  )
  return rows[0]!
}

/** What the till shows: the active products and sizes, their price, and the stock it sells from. */
export async function tillCatalog(till: Till): Promise<TillCatalog> {
  const show = await findShow(till.showId)
  const payload = await payloadClient()
  const reader = { execute: <R>(q: ReturnType<typeof sql>) => query<R>(payload, q) }
  const [rows, countedIn, sold] = await Promise.all([
    catalogRows(reader),
    boxCountedIn(reader, till.showId),
    boxSold(reader, till.showId),
  ])
  return {
    show: { id: show.id, title: show.title, venue: show.venue, date: show.date },
    expiresAt: till.expiresAt,
    items: rows
      .filter((r) => !(r.hasOptions && !r.optionId))
      .map((r) => {
        const key = itemKey(r)
        const box = countedIn.get(key)
        return {
          productId: r.productId,
          productOptionId: r.optionId,
          name: r.productName,
          size: r.size,
          price: formatCents(r.priceCents),
          stock: box === undefined ? Math.max(0, r.stock) : box - (sold.get(key) ?? 0),
          source: box === undefined ? 'stock' : 'box',
        }
      }),
  }
}

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
  product_id: string
  product_option_id: string | null
  title: string
  quantity: number
  unit_price_cents: number
  oversold: number
}

async function readSales(tx: Pick<Tx, 'execute'>, where: ReturnType<typeof sql>): Promise<TillSale[]> {
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
        title: l.title,
        quantity: l.quantity,
        unitPrice: formatCents(l.unit_price_cents),
        oversold: l.oversold,
      })),
    }
  })
}

const SALE_ID_TAKEN = 'This sale id was already used for a different sale. Ring it up again as a new sale.'

/**
 * Records a sale once. The row is claimed by its id first (`ON CONFLICT DO NOTHING` waits for a
 * concurrent claim of the same id to commit or roll back), so of five identical requests one
 * records and four read the record. The same id with different contents is a 409.
 */
export async function recordSale(till: Till, input: TillSaleInput): Promise<{ created: boolean; sale: TillSale }> {
  const payload = await payloadClient()
  const hash = bodyHash(input)
  const subtotal = input.items.reduce((sum, i) => sum + i.quantity * toCents(i.unitPrice), 0)
  const discount = input.discount ? toCents(input.discount.amount) : 0
  if (discount > subtotal) {
    throw invalid('Please check the highlighted fields.', {
      'discount.amount': 'The discount is more than the sale',
    })
  }
  const total = input.comp ? 0 : subtotal - discount
  const result = await withTransaction(payload, async (tx) => {
    const claimed = await tx.execute(sql`
      INSERT INTO till_sales (id, show_id, till_id, sold_at, payment, subtotal_cents, discount_cents, discount_reason,
        comp_reason, total_cents, body_hash)
      VALUES (${input.id}, ${till.showId}, ${till.id}, ${input.at}, ${input.payment}, ${subtotal},
        ${input.comp ? 0 : discount}, ${input.comp ? null : (input.discount?.reason ?? null)},
        ${input.comp?.reason ?? null}, ${total}, ${hash})
      ON CONFLICT (id) DO NOTHING RETURNING id`)
    if (claimed.length === 0) {
      const [existing] = await readSales(tx, sql`id = ${input.id}`)
      const [row] = await tx.execute<{ show_id: string; body_hash: string }>(
        sql`SELECT show_id, body_hash FROM till_sales WHERE id = ${input.id}`,
      )
      if (!existing || row!.show_id !== till.showId || row!.body_hash !== hash) throw conflict(SALE_ID_TAKEN)
      return { created: false, sale: existing, stockMoved: false }
    }
    const { rows, errors } = await resolveItems(tx, input.items, 'items')
    if (Object.keys(errors).length > 0) throw invalid('Please check the highlighted fields.', errors)

    await lockShowMerch(tx, till.showId)
    const countedIn = await boxCountedIn(tx, till.showId)
    const sold = await boxSold(tx, till.showId)
    const lines = input.items.map((item, i) => {
      const row = rows[i]!
      return { item, row, line: i + 1, box: countedIn.get(itemKey(row)) }
    })
    // Lines sold from the shop's stock take what there is, in one move (it locks the rows itself).
    const fromStock = lines.filter((l) => l.box === undefined)
    const taken = await moveStock(
      tx,
      'up-to',
      fromStock.map((l) => ({ productId: l.row.productId, optionId: l.row.optionId, take: l.item.quantity })),
    )
    const takenByLine = new Map(fromStock.map((l, i) => [l.line, taken[i]!]))
    const stockMoved = taken.some((t) => t > 0)
    for (const entry of lines) {
      const key = itemKey(entry.row)
      let oversold = 0
      if (entry.box === undefined) oversold = entry.item.quantity - takenByLine.get(entry.line)!
      else {
        const before = sold.get(key) ?? 0
        sold.set(key, before + entry.item.quantity)
        oversold = Math.min(entry.item.quantity, Math.max(0, before + entry.item.quantity - entry.box))
      }
      const title = entry.row.size ? `${entry.row.productName}: ${entry.row.size}` : entry.row.productName
      await tx.execute(sql`
        INSERT INTO till_sale_lines (sale_id, line, product_id, product_option_id, title, quantity, unit_price_cents,
          source, taken, oversold)
        VALUES (${input.id}, ${entry.line}, ${entry.row.productId}, ${entry.row.optionId}, ${title},
          ${entry.item.quantity}, ${toCents(entry.item.unitPrice)}, ${entry.box === undefined ? 'stock' : 'box'},
          ${takenByLine.get(entry.line) ?? 0}, ${oversold})`)
    }
    const [sale] = await readSales(tx, sql`id = ${input.id}`)
    return { created: true, sale: sale!, stockMoved }
  })
  if (result.stockMoved) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return { created: result.created, sale: result.sale }
}

/** Voids a sale of the till's show: kept and marked, and the units it took from the shop go back. */
export async function voidSale(till: Till, saleId: string, reason: string | null | undefined): Promise<TillSale> {
  const payload = await payloadClient()
  const result = await withTransaction(payload, async (tx) => {
    await lockShowMerch(tx, till.showId)
    const voided = await tx.execute(sql`
      UPDATE till_sales SET voided_at = now(), void_reason = ${reason ?? null}
      WHERE id = ${saleId} AND show_id = ${till.showId} AND voided_at IS NULL RETURNING id`)
    let stockMoved = false
    if (voided.length > 0) {
      const lines = await tx.execute<{ product_id: string; product_option_id: string | null; taken: number }>(sql`
        SELECT product_id, product_option_id, taken FROM till_sale_lines WHERE sale_id = ${saleId} AND taken > 0`)
      await moveStock(
        tx,
        'give-back',
        lines.map((l) => ({ productId: l.product_id, optionId: l.product_option_id, give: Number(l.taken) })),
      )
      stockMoved = lines.length > 0
    }
    const [sale] = await readSales(tx, sql`id = ${saleId} AND show_id = ${till.showId}`)
    if (!sale) throw notFound('Sale not found')
    return { sale, stockMoved }
  })
  if (result.stockMoved) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return result.sale
}

/** The show's sales, newest first (the till's list, the merch page). */
export async function showSales(showId: string): Promise<TillSale[]> {
  const payload = await payloadClient()
  return readSales({ execute: (q) => query(payload, q) }, sql`show_id = ${showId}`)
}
