// No 'server-only' import: the music module's index.ts re-exports this, and the launcher and
// Payload's command line load that index outside Next.
import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { PricingColumns, PricingMode } from '@/modules/music/contract/pricing'
import { query } from '@/platform/db/transaction'

/** A release as an order prices it: its title, whether it is on sale, its pricing and its day. */
export type ReleaseForSale = PricingColumns & {
  id: string
  title: string
  isActive: boolean
  /** "YYYY-MM-DD", the day the band announces. */
  releaseDate: string
}

type Row = {
  id: string
  title: string
  is_active: boolean
  release_date: string
  pricing_mode: PricingMode
  price_cents: string | null
  minimum_cents: string | null
  suggested_cents: string | null
}

const cents = (v: string | null) => (v === null ? null : Number(v))

/** The releases of these ids that exist (active or not), in one read. */
export async function releasesForSale(
  payload: Payload,
  ids: string[],
  req?: PayloadRequest,
): Promise<Map<string, ReleaseForSale>> {
  if (ids.length === 0) return new Map()
  const rows = await query<Row>(
    payload,
    sql`SELECT id, title, is_active, release_date, pricing_mode, price_cents, minimum_cents, suggested_cents
      FROM releases WHERE id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    req,
  )
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        isActive: r.is_active,
        releaseDate: r.release_date,
        pricingMode: r.pricing_mode,
        priceCents: cents(r.price_cents),
        minimumCents: cents(r.minimum_cents),
        suggestedCents: cents(r.suggested_cents),
      },
    ]),
  )
}
