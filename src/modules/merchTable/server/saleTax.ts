import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { ratesFor, taxLines, type TaxLine, type TaxSettings } from '@/modules/shop/contract/taxRules'
import type { Tx } from '@/platform/db/transaction'

/** Where a show's venue is, as the tax reads it: its country and, in the US, its state. */
export type VenuePlace = { country: string | null; state: string | null }

/**
 * The tax included in a table sale: the rates of the venue's state or country (the web's rules),
 * each line rounded half-up on its own, on what the sale charged after its discount. Prices at
 * the table always include the tax; a show without a country, or a place without a rate, pays
 * none.
 */
export function tableSaleTax(settings: TaxSettings, venue: VenuePlace, totalCents: number): TaxLine[] {
  if (!venue.country || totalCents <= 0) return []
  const rates = ratesFor(settings, venue.country, venue.state)
  return taxLines(rates, { physicalCents: totalCents, digitalCents: 0, shippingCents: 0 }, true)
}

/**
 * Works out and stores the tax of a sale just recorded (its total is final), in the sale's
 * transaction. The settings are read before it: a read on another connection while the
 * transaction holds one would leave a rush of sales waiting on each other for the pool.
 */
export async function recordSaleTax(tx: Tx, settings: TaxSettings, showId: string, saleId: string): Promise<void> {
  const [show] = await tx.execute<VenuePlace>(sql`SELECT country, state FROM shows WHERE id = ${showId}`)
  const [sale] = await tx.execute<{ total_cents: number }>(sql`SELECT total_cents FROM till_sales WHERE id = ${saleId}`)
  if (!show || !sale) return
  const lines = tableSaleTax(settings, show, Number(sale.total_cents))
  const taxCents = lines.reduce((sum, l) => sum + l.amountCents, 0)
  await tx.execute(sql`UPDATE till_sales SET tax_cents = ${taxCents}, tax_lines = ${JSON.stringify(lines)}::jsonb
    WHERE id = ${saleId}`)
}
