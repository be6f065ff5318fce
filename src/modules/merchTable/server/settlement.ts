import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { formatCents } from '@/lib/money'

import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'

import type { MerchItem, Settlement } from '@/modules/merchTable/contract/merchTypes'

import { readCounts } from './counts'
import { catalogRows } from '@/modules/stock'
import { findShow } from './tills'

/**
 * A show's settlement, from the table's sales and the box's counts. Voided sales count nowhere
 * but in `voids`. Figures, in cents until they are formatted:
 * - gross: every sale that was not a comp, at the prices rung up;
 * - discounts: what was taken off those sales; comps: the value, at its prices, of what was given away;
 * - cash and card: what each took (together gross minus discounts); expectedCash is the cash;
 * - venueCut: the show's percent of the takings (gross minus discounts), to the nearest cent;
 * - net: the takings minus the venue's cut;
 * - box: per item counted in, what should be left (in, less what the till sold or gave away from
 *   the box);
 * - shrinkage, once the box is counted out: per item whose count differs, what should be left
 *   less what was counted; positive is missing.
 */

export async function settlement(showId: string): Promise<Settlement> {
  const show = await findShow(showId)
  const payload = await payloadClient()
  const execute: Execute = (q) => query(payload, q)
  const totals = await readTotals(execute, showId)
  const lineRows = await readLines(execute, showId)
  const counts = await readCounts(execute, showId)

  const n = (v: string | null | undefined) => Number(v ?? 0)
  const gross = n(totals.gross)
  const discounts = n(totals.discounts)
  const cutBasisPoints = n(totals.cut)
  const takings = gross - discounts
  const venueCut = Math.round((takings * cutBasisPoints) / 10_000)
  const cash = n(totals.cash)
  const counted = totals.counted === null ? null : n(totals.counted)

  const box = await expectedInBox(execute, showId, counts.countIn)

  return {
    show: { id: show.id, title: show.title, venue: show.venue, date: show.date },
    gross: formatCents(gross),
    cash: formatCents(cash),
    card: formatCents(n(totals.card)),
    discounts: formatCents(discounts),
    comps: formatCents(n(totals.comps)),
    venueCutPercent: (cutBasisPoints / 100).toFixed(2),
    venueCut: formatCents(venueCut),
    net: formatCents(takings - venueCut),
    expectedCash: formatCents(cash),
    cashCounted: counted === null ? null : formatCents(counted),
    cashDifference: counted === null ? null : formatCents(counted - cash),
    sales: n(totals.sales),
    voids: n(totals.voids),
    lines: lineRows.map((r) => ({
      productId: r.product_id,
      productOptionId: r.product_option_id,
      releaseId: r.release_id,
      title: r.title,
      sold: Number(r.sold),
      comped: Number(r.comped),
      oversold: Number(r.oversold),
      gross: formatCents(Number(r.gross)),
    })),
    box,
    shrinkage: counts.countedOutAt ? shrinkageOf(box, counts.countOut) : [],
    countedInAt: counts.countedInAt,
    countedOutAt: counts.countedOutAt,
    countIn: counts.countIn,
    countOut: counts.countOut,
  }
}

type Execute = <R>(q: ReturnType<typeof sql>) => Promise<R[]>
type BoxCount = Settlement['countIn'][number]

/** The show's sale totals, in cents, with the venue's cut and the cash counted. */
async function readTotals(execute: Execute, showId: string): Promise<Record<string, string | null>> {
  const [totals] = await execute<Record<string, string | null>>(sql`
    SELECT
      coalesce(sum(subtotal_cents) FILTER (WHERE voided_at IS NULL AND comp_reason IS NULL), 0) AS gross,
      coalesce(sum(discount_cents) FILTER (WHERE voided_at IS NULL AND comp_reason IS NULL), 0) AS discounts,
      coalesce(sum(subtotal_cents) FILTER (WHERE voided_at IS NULL AND comp_reason IS NOT NULL), 0) AS comps,
      coalesce(sum(total_cents) FILTER (WHERE voided_at IS NULL AND comp_reason IS NULL AND payment = 'cash'), 0) AS cash,
      coalesce(sum(total_cents) FILTER (WHERE voided_at IS NULL AND comp_reason IS NULL AND payment = 'card'), 0) AS card,
      count(*) FILTER (WHERE voided_at IS NULL) AS sales,
      count(*) FILTER (WHERE voided_at IS NOT NULL) AS voids,
      (SELECT venue_cut_basis_points FROM show_merch WHERE show_id = ${showId}) AS cut,
      (SELECT cash_counted_cents FROM show_merch WHERE show_id = ${showId}) AS counted
    FROM till_sales WHERE show_id = ${showId}`)
  return totals!
}

/** Per item (a product or size, or a release), what the show's sales that were not voided sold, comped and oversold. */
function readLines(execute: Execute, showId: string) {
  return execute<{
    product_id: string | null
    product_option_id: string | null
    release_id: string | null
    title: string
    source: string
    sold: string
    comped: string
    oversold: string
    gross: string
  }>(sql`
    SELECT l.product_id, l.product_option_id, l.release_id, min(l.title) AS title,
      coalesce(sum(l.quantity) FILTER (WHERE s.comp_reason IS NULL), 0) AS sold,
      coalesce(sum(l.quantity) FILTER (WHERE s.comp_reason IS NOT NULL), 0) AS comped,
      sum(l.oversold) AS oversold,
      coalesce(sum(l.quantity * l.unit_price_cents) FILTER (WHERE s.comp_reason IS NULL), 0) AS gross
    FROM till_sale_lines l JOIN till_sales s ON s.id = l.sale_id
    WHERE s.show_id = ${showId} AND s.voided_at IS NULL
    GROUP BY l.product_id, l.product_option_id, l.release_id
    ORDER BY min(l.title), l.product_id, l.product_option_id, l.release_id`)
}

/** Per item counted in, what should be left: in, less what the till sold or gave away from the box. */
async function expectedInBox(execute: Execute, showId: string, countIn: BoxCount[]): Promise<Settlement['box']> {
  const usedFromBox = new Map<string, number>()
  const boxSold = await execute<{ item: string; used: string }>(sql`
    SELECT coalesce(l.product_option_id, l.product_id) AS item, sum(l.quantity) AS used
    FROM till_sale_lines l JOIN till_sales s ON s.id = l.sale_id
    WHERE s.show_id = ${showId} AND s.voided_at IS NULL AND l.source = 'box' GROUP BY 1`)
  for (const r of boxSold) usedFromBox.set(r.item, Number(r.used))
  return countIn.map((l) => {
    const sold = usedFromBox.get(l.productOptionId ?? l.productId) ?? 0
    return {
      productId: l.productId,
      productOptionId: l.productOptionId,
      title: l.title,
      countedIn: l.quantity,
      sold,
      expectedLeft: l.quantity - sold,
    }
  })
}

/** Per item whose count out differs, what should be left less what was counted; positive is missing. */
function shrinkageOf(box: Settlement['box'], countOut: BoxCount[]): Settlement['shrinkage'] {
  const out = new Map(countOut.map((l) => [l.productOptionId ?? l.productId, l.quantity]))
  return box
    .map((l) => ({
      productId: l.productId,
      productOptionId: l.productOptionId,
      title: l.title,
      quantity: l.expectedLeft - (out.get(l.productOptionId ?? l.productId) ?? 0),
    }))
    .filter((l) => l.quantity !== 0)
}

/** The settlement as CSV rows: one per item, then one per figure. */
export function settlementRows(s: Settlement): unknown[][] {
  const sizeOf = (title: string) => (title.includes(': ') ? title.slice(title.indexOf(': ') + 2) : '')
  const nameOf = (title: string) => (title.includes(': ') ? title.slice(0, title.indexOf(': ')) : title)
  return [
    ...s.lines.map((l) => ['Sold', nameOf(l.title), sizeOf(l.title), l.sold, l.gross]),
    ...s.lines.filter((l) => l.comped > 0).map((l) => ['Comped', nameOf(l.title), sizeOf(l.title), l.comped, '']),
    ...s.lines.filter((l) => l.oversold > 0).map((l) => ['Oversold', nameOf(l.title), sizeOf(l.title), l.oversold, '']),
    ...s.shrinkage.map((l) => ['Shrinkage', nameOf(l.title), sizeOf(l.title), l.quantity, '']),
    ['Total', 'Gross', '', '', s.gross],
    ['Total', 'Cash', '', '', s.cash],
    ['Total', 'Card', '', '', s.card],
    ['Total', 'Discounts', '', '', s.discounts],
    ['Total', 'Comps', '', '', s.comps],
    ['Total', `Venue cut (${s.venueCutPercent}%)`, '', '', s.venueCut],
    ['Total', 'Net', '', '', s.net],
    ['Total', 'Expected cash', '', '', s.expectedCash],
    ['Total', 'Cash counted', '', '', s.cashCounted ?? ''],
    ['Total', 'Voided sales', '', s.voids, ''],
  ]
}

/** Every product and size the box can hold (sized products by size), with the shop's stock. */
export async function merchItems(): Promise<MerchItem[]> {
  const payload = await payloadClient()
  const rows = await catalogRows({ execute: (q) => query(payload, q) }, undefined, { includeInactive: true })
  return rows
    .filter((r) => !(r.hasOptions && !r.optionId))
    .map((r) => ({
      productId: r.productId,
      productOptionId: r.optionId,
      title: r.size ? `${r.productName}: ${r.size}` : r.productName,
      shopStock: r.stock,
      isActive: r.isActive,
    }))
}
