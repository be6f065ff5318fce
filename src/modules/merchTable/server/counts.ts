import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { toCents } from '@/lib/money'
import type { CountLine, MerchCounts } from '@/modules/merchTable/contract/merchTypes'
import type { CountLineInput } from '@/modules/merchTable/contract/till'

import { conflict, invalid } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { revalidatePublic } from '@/platform/cache/revalidate'
import { query, withTransaction, type Tx } from '@/platform/db/transaction'

import { lockShowMerch } from './box'
import { itemKey, moveStock, resolveItems } from '@/modules/stock'
import { findShow } from './tills'

/**
 * The show's box. Count-in moves units from the shop's stock into the box, so the web shop cannot
 * sell what is in the van; the table then sells those items from the box. Count-out enters what
 * is left, which goes back to the shop's stock; what the till recorded and what is missing differ
 * by the shrinkage. Sending a count again replaces it: the stock moved by the earlier one is
 * undone first, in the same transaction.
 */

type CountRow = {
  kind: 'in' | 'out'
  product_id: string
  product_option_id: string | null
  title: string
  quantity: number
  stock_moved: number
}

const toLine = (r: CountRow): CountLine => ({
  productId: r.product_id,
  productOptionId: r.product_option_id,
  title: r.title,
  quantity: Number(r.quantity),
  stockMoved: Number(r.stock_moved),
})

export async function readCounts(execute: Tx['execute'], showId: string): Promise<MerchCounts> {
  const [merch] = await execute<{ counted_in_at: Date | null; counted_out_at: Date | null }>(
    sql`SELECT counted_in_at, counted_out_at FROM show_merch WHERE show_id = ${showId}`,
  )
  const rows = await execute<CountRow>(
    sql`SELECT kind, product_id, product_option_id, title, quantity, stock_moved FROM show_counts
      WHERE show_id = ${showId} ORDER BY title, item_id`,
  )
  return {
    countedInAt: merch?.counted_in_at ? new Date(merch.counted_in_at).toISOString() : null,
    countedOutAt: merch?.counted_out_at ? new Date(merch.counted_out_at).toISOString() : null,
    countIn: rows.filter((r) => r.kind === 'in').map(toLine),
    countOut: rows.filter((r) => r.kind === 'out').map(toLine),
  }
}

export async function showCounts(showId: string): Promise<MerchCounts> {
  await findShow(showId)
  const payload = await payloadClient()
  return readCounts((q) => query(payload, q), showId)
}

type Item = { productId: string; optionId: string | null }

const itemOf = (r: { product_id: string; product_option_id: string | null }): Item => ({
  productId: r.product_id,
  optionId: r.product_option_id,
})

async function validLines(tx: Tx, lines: CountLineInput[]) {
  const { rows, errors } = await resolveItems(tx, lines, 'lines')
  if (Object.keys(errors).length > 0) throw invalid('Please check the highlighted fields.', errors)
  return lines.map((line, i) => {
    const row = rows[i]!
    return {
      item: { productId: row.productId, optionId: row.optionId },
      title: row.size ? `${row.productName}: ${row.size}` : row.productName,
      quantity: line.quantity,
    }
  })
}

async function previous(tx: Tx, showId: string, kind: 'in' | 'out') {
  const rows = await tx.execute<CountRow>(
    sql`SELECT kind, product_id, product_option_id, title, quantity, stock_moved FROM show_counts
      WHERE show_id = ${showId} AND kind = ${kind}`,
  )
  return rows.map((r) => ({ item: itemOf(r), moved: Number(r.stock_moved) }))
}

async function insertCount(
  tx: Tx,
  showId: string,
  kind: 'in' | 'out',
  line: { item: Item; title: string; quantity: number },
  moved: number,
) {
  await tx.execute(sql`
    INSERT INTO show_counts (show_id, kind, item_id, product_id, product_option_id, title, quantity, stock_moved)
    VALUES (${showId}, ${kind}, ${itemKey(line.item)}, ${line.item.productId}, ${line.item.optionId}, ${line.title},
      ${line.quantity}, ${moved})`)
}

/** Sets what went into the box (owner and manager). Refused (409) once the box was counted out. */
export async function countIn(showId: string, lines: CountLineInput[]): Promise<MerchCounts> {
  await findShow(showId)
  const payload = await payloadClient()
  const result = await withTransaction(payload, async (tx) => {
    const merch = await lockShowMerch(tx, showId)
    if (merch.counted_out_at) {
      throw conflict('The box was already counted out, so its count-in can no longer change.')
    }
    const wanted = await validLines(tx, lines)
    const before = await previous(tx, showId, 'in')
    const moves = new Map<string, { item: Item; back: number; take: number; line?: (typeof wanted)[number] }>()
    for (const b of before) moves.set(itemKey(b.item), { item: b.item, back: b.moved, take: 0 })
    for (const w of wanted) {
      const key = itemKey(w.item)
      moves.set(key, { item: w.item, back: moves.get(key)?.back ?? 0, take: w.quantity, line: w })
    }
    await tx.execute(sql`DELETE FROM show_counts WHERE show_id = ${showId} AND kind = 'in'`)
    const all = [...moves.values()]
    // What the earlier count-in took goes back first, then the new count takes what there is.
    const taken = await moveStock(
      tx,
      'up-to',
      all.map((m) => ({ ...m.item, give: m.back, take: m.take })),
    )
    for (const [i, move] of all.entries()) if (move.line) await insertCount(tx, showId, 'in', move.line, taken[i]!)
    await tx.execute(sql`UPDATE show_merch SET counted_in_at = ${wanted.length > 0 ? new Date().toISOString() : null}
      WHERE show_id = ${showId}`)
    return readCounts(tx.execute, showId)
  })
  await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return result
}

/**
 * Sets what is left in the box and the cash counted (owner and manager): what is left goes back
 * to the shop's stock. Only items that were counted in can be counted out; an item counted in
 * but left out of the count-out is taken as none left.
 */
export async function countOut(showId: string, lines: CountLineInput[], cashCounted?: string): Promise<MerchCounts> {
  await findShow(showId)
  const payload = await payloadClient()
  const result = await withTransaction(payload, async (tx) => {
    await lockShowMerch(tx, showId)
    const wanted = await validLines(tx, lines)
    const countedIn = new Set((await previous(tx, showId, 'in')).map((b) => itemKey(b.item)))
    const errors: Record<string, string> = {}
    wanted.forEach((w, i) => {
      if (!countedIn.has(itemKey(w.item))) errors[`lines.${i}.productId`] = 'This item was not counted in'
    })
    if (Object.keys(errors).length > 0) throw invalid('Please check the highlighted fields.', errors)
    const before = await previous(tx, showId, 'out')
    const moves = new Map<string, { item: Item; undo: number; give: number; line?: (typeof wanted)[number] }>()
    for (const b of before) moves.set(itemKey(b.item), { item: b.item, undo: b.moved, give: 0 })
    for (const w of wanted) {
      const key = itemKey(w.item)
      moves.set(key, { item: w.item, undo: moves.get(key)?.undo ?? 0, give: w.quantity, line: w })
    }
    await tx.execute(sql`DELETE FROM show_counts WHERE show_id = ${showId} AND kind = 'out'`)
    const all = [...moves.values()]
    // Only the difference moves, so the units the web sold in between are never taken back twice.
    await moveStock(
      tx,
      'up-to',
      all.map((m) => ({ ...m.item, give: Math.max(0, m.give - m.undo), take: Math.max(0, m.undo - m.give) })),
    )
    for (const move of all) if (move.line) await insertCount(tx, showId, 'out', move.line, move.give)
    await tx.execute(sql`UPDATE show_merch SET counted_out_at = now(),
      cash_counted_cents = ${cashCounted === undefined ? sql`cash_counted_cents` : toCents(cashCounted)}
      WHERE show_id = ${showId}`)
    return readCounts(tx.execute, showId)
  })
  await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return result
}

/** Sets the venue's cut of the table's takings, in percent. */
export async function setVenueCut(showId: string, percent: number): Promise<{ venueCutPercent: string }> {
  await findShow(showId)
  const basisPoints = Math.round(percent * 100)
  await query(
    await payloadClient(),
    sql`INSERT INTO show_merch (show_id, venue_cut_basis_points) VALUES (${showId}, ${basisPoints})
      ON CONFLICT (show_id) DO UPDATE SET venue_cut_basis_points = excluded.venue_cut_basis_points`,
  )
  return { venueCutPercent: (basisPoints / 100).toFixed(2) }
}
