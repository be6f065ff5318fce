import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { formatCents, toCents } from '@/lib/money'
import type { TillProductSale } from '@/modules/merchTable/contract/till'
import { invalid } from '@/platform/errors'
import type { Tx } from '@/platform/db/transaction'

import { itemKey, type CatalogRow } from '@/modules/stock'

/**
 * A till sale's prices are the catalogue's. A line is sent at the price the till showed, and a
 * till shows the catalogue it last read: when it opens, after each sale it sends and when the
 * network returns, so offline or between two reads it still shows a price changed since. A line's
 * price is therefore accepted as it is when it was the item's catalogue price at some moment from
 * the making of the till link to the sale's time (the catalogue's price history, written by
 * triggers, says which). Any other price is checked against the catalogue price at the sale's time:
 * more is refused; less needs a discount or a comp with its reason, and is then recorded at the
 * catalogue price with what it took off added to the sale's discount.
 */

export const loweredMessage = (catalogue: number) =>
  `The price must be the catalogue price (${formatCents(catalogue)}) unless a discount has a reason`
export const aboveMessage = (catalogue: number) =>
  `The price must not be more than the catalogue price (${formatCents(catalogue)})`

type Shown = { atSale: number | null; prices: Set<number> }

/** Per item: the catalogue prices in force between the till link's making and `at`, and the one at `at`. */
async function pricesShown(
  tx: Pick<Tx, 'execute'>,
  tillId: string,
  at: string,
  keys: string[],
): Promise<Map<string, Shown>> {
  const rows = await tx.execute<{ item_id: string; price_cents: string; at_sale: boolean }>(sql`
    SELECT h.item_id, h.price_cents,
      NOT EXISTS (SELECT 1 FROM catalogue_prices n
        WHERE n.item_id = h.item_id AND n.from_at > h.from_at AND n.from_at <= ${at}::timestamptz) AS at_sale
    FROM catalogue_prices h
    WHERE h.item_id IN (${sql.join(
      keys.map((k) => sql`${k}::uuid`),
      sql`, `,
    )}) AND h.from_at <= ${at}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM catalogue_prices n
        WHERE n.item_id = h.item_id AND n.from_at > h.from_at
          AND n.from_at <= least(${at}::timestamptz, (SELECT created_at FROM tills WHERE id = ${tillId})))`)
  const shown = new Map<string, Shown>()
  for (const r of rows) {
    const entry = shown.get(r.item_id) ?? { atSale: null, prices: new Set<number>() }
    entry.prices.add(Number(r.price_cents))
    if (r.at_sale) entry.atSale = Number(r.price_cents)
    shown.set(r.item_id, entry)
  }
  return shown
}

/**
 * Each line's unit price as recorded (in cents) and what lowered prices took off the sale in all;
 * a price the catalogue does not allow is a 400 with a message on the line's price.
 */
export async function checkPrices(
  tx: Pick<Tx, 'execute'>,
  tillId: string,
  input: TillProductSale,
  rows: CatalogRow[],
): Promise<{ units: number[]; reduction: number }> {
  const shown = await pricesShown(tx, tillId, input.at, [...new Set(rows.map(itemKey))])
  const errors: Record<string, string> = {}
  const units: number[] = []
  let reduction = 0
  input.items.forEach((item, i) => {
    const row = rows[i]!
    const sent = toCents(item.unitPrice)
    const known = shown.get(itemKey(row))
    // An item the price history does not know has its price of now.
    const catalogue = known?.atSale ?? row.priceCents
    const prices = known?.prices ?? new Set([row.priceCents])
    if (prices.has(sent)) units.push(sent)
    else if (sent > catalogue) errors[`items.${i}.unitPrice`] = aboveMessage(catalogue)
    else if (!input.discount && !input.comp) errors[`items.${i}.unitPrice`] = loweredMessage(catalogue)
    else {
      units.push(catalogue)
      reduction += (catalogue - sent) * item.quantity
    }
  })
  if (Object.keys(errors).length > 0) throw invalid('Please check the highlighted fields.', errors)
  return { units, reduction }
}
