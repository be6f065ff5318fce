import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { formatCents, MAX_INT_CENTS, toCents } from '@/lib/money'
import {
  isReleaseItem,
  type TillProductItem,
  type TillProductSale,
  type TillReleaseItem,
  type TillSaleInput,
} from '@/modules/merchTable/contract/till'

import { conflict, invalid, notFound } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { revalidatePublic } from '@/platform/cache/revalidate'
import { query, withTransaction, type Tx } from '@/platform/db/transaction'

import { itemKey, moveStock, resolveItems, type CatalogRow } from '@/modules/stock'
import { boxCountedIn, boxSold, lockShowMerch } from './box'
import { checkReleasePrices, recordReleaseLines } from './releaseLines'
import { checkPrices } from './salePrices'
import { recordSaleTax } from './saleTax'
import { taxSettings } from '@/modules/shop/server/orders'
import { bodyHash, readSales, type TillSale } from './saleRecords'
import type { Till } from './tills'

/**
 * Sales rung up at the merch table. Each carries an id made on the phone: the first time it
 * arrives it is recorded (201), any later arrival answers the same record (200), however many are
 * in flight at once. A sale is never refused for stock: what the shop (or the show's box) did not
 * have is recorded as the line's oversale, for the team to see. Its prices are the catalogue's
 * (`salePrices.ts`).
 */

const SALE_ID_TAKEN = 'This sale id was already used for a different sale. Ring it up again as a new sale.'

/**
 * Lines sent below the catalogue price (with a discount's or a comp's reason) are kept at the
 * catalogue price: the sale's subtotal is the catalogue's and what they took off joins its
 * discount (a comp stays a comp at its price), so the total is what was charged.
 */
async function recordReduction(tx: Tx, input: TillSaleInput, units: number[], reduction: number) {
  const subtotal = input.items.reduce((sum, item, i) => sum + item.quantity * units[i]!, 0)
  if (subtotal > MAX_INT_CENTS) {
    throw invalid('Please check the highlighted fields.', {
      items: `A sale totals at most ${formatCents(MAX_INT_CENTS)}`,
    })
  }
  const discount = input.comp ? 0 : (input.discount ? toCents(input.discount.amount) : 0) + reduction
  await tx.execute(sql`UPDATE till_sales SET subtotal_cents = ${subtotal}, discount_cents = ${discount}
    WHERE id = ${input.id}`)
}

/** Records the sale's lines: each takes from the show's box when counted in, else from the shop's stock. */
async function recordLines(tx: Tx, till: Till, input: TillProductSale, rows: CatalogRow[], units: number[]) {
  await lockShowMerch(tx, till.showId)
  const countedIn = await boxCountedIn(tx, till.showId)
  const sold = await boxSold(tx, till.showId)
  const lines = input.items.map((item, i) => {
    const row = rows[i]!
    return { item, row, line: i + 1, box: countedIn.get(itemKey(row)), unit: units[i]! }
  })
  // Lines sold from the shop's stock take what there is, in one move (it locks the rows itself).
  const fromStock = lines.filter((l) => l.box === undefined)
  const taken = await moveStock(
    tx,
    'up-to',
    fromStock.map((l) => ({ productId: l.row.productId, optionId: l.row.optionId, take: l.item.quantity })),
  )
  const takenByLine = new Map(fromStock.map((l, i) => [l.line, taken[i]!]))
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
        ${entry.item.quantity}, ${entry.unit}, ${entry.box === undefined ? 'stock' : 'box'},
        ${takenByLine.get(entry.line) ?? 0}, ${oversold})`)
  }
  return taken.some((t) => t > 0)
}

const NO_ITEMS = { rows: [] as CatalogRow[], errors: {} as Record<string, string> }
const NO_PRICES = { units: [] as number[], reduction: 0 }

/** The sale's product lines (as a sale of them alone) and its release lines with their place in the sale. */
function splitLines(input: TillSaleInput) {
  const releases: { item: TillReleaseItem; index: number }[] = []
  const items: TillProductItem[] = []
  input.items.forEach((item, index) => (isReleaseItem(item) ? releases.push({ item, index }) : items.push(item)))
  return { products: { ...input, items }, releases }
}

/**
 * Records a sale once. The row is claimed by its id first (`ON CONFLICT DO NOTHING` waits for a
 * concurrent claim of the same id to commit or roll back), so of five identical requests one
 * records and four read the record. The same id with different contents is a 409. A refusal of
 * its items or prices rolls the claim back: nothing is recorded.
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
  const settings = await taxSettings(payload)
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
    const { products, releases } = splitLines(input)
    const sellsProducts = products.items.length > 0
    const { rows, errors } = sellsProducts ? await resolveItems(tx, products.items, 'items') : NO_ITEMS
    if (Object.keys(errors).length > 0) throw invalid('Please check the highlighted fields.', errors)
    const { units, reduction } = sellsProducts ? await checkPrices(tx, till.id, products, rows) : NO_PRICES
    const released = await checkReleasePrices(tx, input, releases)
    if (reduction + released.reduction > 0) {
      const queues = { product: [...units], release: [...released.units] }
      const all = input.items.map((item) => (isReleaseItem(item) ? queues.release : queues.product).shift()!)
      await recordReduction(tx, input, all, reduction + released.reduction)
    }
    const stockMoved = sellsProducts && (await recordLines(tx, till, products, rows, units))
    await recordReleaseLines(tx, till, input, releases, released, products.items.length + 1)
    await recordSaleTax(tx, settings, till.showId, input.id)
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
