import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { toCents } from '@/lib/money'
import type { TillReleaseItem, TillSaleInput } from '@/modules/merchTable/contract/till'
import { markTillCodesSold, tillReleasePrices } from '@/modules/music'
import { invalid } from '@/platform/errors'
import type { Tx } from '@/platform/db/transaction'

import { aboveMessage, loweredMessage } from './salePrices'
import type { Till } from './tills'

/**
 * Releases sold at the table, priced like items: a line is sent at the release's till price (its
 * fixed price, or its suggested or minimum amount), or below it with a discount's or a comp's
 * reason, and is then recorded at that price with the difference added to the sale's discount.
 * Each unit hands the fan one of the download codes the till link holds; the sale marks them sold.
 */

type Priced = { titles: string[]; units: number[]; reduction: number }

/** Each release line's title and unit price (cents), and what lowered prices took off; 400 when refused. */
export async function checkReleasePrices(
  tx: Pick<Tx, 'execute'>,
  input: TillSaleInput,
  lines: { item: TillReleaseItem; index: number }[],
): Promise<Priced> {
  const prices = await tillReleasePrices(tx, [...new Set(lines.map((l) => l.item.releaseId))])
  const errors: Record<string, string> = {}
  const priced: Priced = { titles: [], units: [], reduction: 0 }
  for (const { item, index } of lines) {
    const release = prices.get(item.releaseId)
    if (!release) {
      errors[`items.${index}.releaseId`] = 'Unknown release'
      continue
    }
    const sent = toCents(item.unitPrice)
    if (sent > release.priceCents) errors[`items.${index}.unitPrice`] = aboveMessage(release.priceCents)
    else if (sent < release.priceCents && !input.discount && !input.comp)
      errors[`items.${index}.unitPrice`] = loweredMessage(release.priceCents)
    priced.reduction += (release.priceCents - sent) * item.quantity
    priced.titles.push(release.title)
    priced.units.push(release.priceCents)
  }
  if (Object.keys(errors).length > 0) throw invalid('Please check the highlighted fields.', errors)
  return priced
}

/** Records the release lines after the sale's other lines, and marks their codes sold to the sale. */
export async function recordReleaseLines(
  tx: Tx,
  till: Till,
  input: TillSaleInput,
  lines: { item: TillReleaseItem; index: number }[],
  priced: Priced,
  firstLine: number,
): Promise<void> {
  for (const [i, { item }] of lines.entries()) {
    await tx.execute(sql`
      INSERT INTO till_sale_lines (sale_id, line, release_id, title, quantity, unit_price_cents, source)
      VALUES (${input.id}, ${firstLine + i}, ${item.releaseId}, ${priced.titles[i]!},
        ${item.quantity}, ${priced.units[i]!}, 'stock')`)
    await markTillCodesSold(tx, {
      tillId: till.id,
      saleId: input.id,
      at: input.at,
      releaseId: item.releaseId,
      codes: item.codes,
    })
  }
}
