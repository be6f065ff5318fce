// No 'server-only' import: the merch table reaches these through the module's index.ts, which the
// Payload configuration loads too.
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { withTransaction, type Tx } from '@/platform/db/transaction'

import { insertCodes } from './codeBatches'

/** How many unsold codes of each release a till link holds, so it sells them with no network. */
export const TILL_CODES_PER_RELEASE = 20
export const TILL_BATCH_LABEL = 'Merch table'

/** An active release as the till sells it, with the codes the till link holds for it. */
export type TillRelease = { releaseId: string; title: string; priceCents: number; codes: string[] }

/**
 * The till's price of a release: its fixed price, or for name-your-price its suggested amount,
 * else its minimum.
 */
const TILL_PRICE = sql`coalesce(r.price_cents, r.suggested_cents, r.minimum_cents, 0)::int`

/**
 * Releases by id with their title and till price (cents); unknown ones are missing. One taken off
 * sale since is still priced: the phone may have sold it offline before.
 */
export async function tillReleasePrices(
  tx: Pick<Tx, 'execute'>,
  ids: string[],
): Promise<Map<string, { title: string; priceCents: number }>> {
  if (ids.length === 0) return new Map()
  const rows = await tx.execute<{ id: string; title: string; price: number }>(sql`
    SELECT r.id, r.title, ${TILL_PRICE} AS price FROM releases r
    WHERE r.id IN (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`)
  return new Map(rows.map((r) => [r.id, { title: r.title, priceCents: Number(r.price) }]))
}

/**
 * Tops up the codes a till link holds to TILL_CODES_PER_RELEASE unsold, unredeemed codes for
 * every active release (taken from the release's "Merch table" batch, made on first need), and
 * answers them. One till's top-ups run one at a time.
 */
export async function reserveTillCodes(payload: Payload, tillId: string): Promise<TillRelease[]> {
  return withTransaction(payload, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`till-codes:${tillId}`}))`)
    const releases = await tx.execute<{ id: string; title: string; price: number; held: number }>(sql`
      SELECT r.id, r.title, ${TILL_PRICE} AS price,
        (SELECT count(*)::int FROM download_codes c JOIN download_code_batches b ON b.id = c.batch_id
          WHERE b.release_id = r.id AND c.till_id = ${tillId} AND c.till_sale_id IS NULL AND c.used_at IS NULL) AS held
      FROM releases r WHERE r.is_active ORDER BY r.release_date DESC, r.title`)
    for (const release of releases) {
      const missing = TILL_CODES_PER_RELEASE - Number(release.held)
      if (missing <= 0) continue
      await tx.execute(sql`
        INSERT INTO download_code_batches (release_id, label, count, for_till)
        VALUES (${release.id}, ${TILL_BATCH_LABEL}, ${missing}, true)
        ON CONFLICT (release_id) WHERE for_till DO UPDATE SET count = download_code_batches.count + ${missing}`)
      const [batch] = await tx.execute<{ id: string }>(
        sql`SELECT id FROM download_code_batches WHERE release_id = ${release.id} AND for_till`,
      )
      await insertCodes(tx, batch!.id, missing, tillId)
    }
    const codes = await tx.execute<{ release_id: string; code: string }>(sql`
      SELECT b.release_id, c.code FROM download_codes c JOIN download_code_batches b ON b.id = c.batch_id
      WHERE c.till_id = ${tillId} AND c.till_sale_id IS NULL AND c.used_at IS NULL ORDER BY c.code`)
    return releases.map((r) => ({
      releaseId: r.id,
      title: r.title,
      priceCents: Number(r.price),
      codes: codes.filter((c) => c.release_id === r.id).map((c) => c.code),
    }))
  })
}

/**
 * Marks the codes a till sale handed out as sold to it, in the sale's transaction. Only the till's
 * own codes of that release not yet sold count; answers how many were marked.
 */
export async function markTillCodesSold(
  tx: Pick<Tx, 'execute'>,
  sale: { tillId: string; saleId: string; at: string; releaseId: string; codes: string[] },
): Promise<number> {
  if (sale.codes.length === 0) return 0
  const rows = await tx.execute(sql`
    UPDATE download_codes c SET sold_at = ${sale.at}::timestamptz, till_sale_id = ${sale.saleId}
    FROM download_code_batches b
    WHERE b.id = c.batch_id AND b.release_id = ${sale.releaseId} AND c.till_id = ${sale.tillId}
      AND c.till_sale_id IS NULL AND c.code = ANY(string_to_array(${sale.codes.join(',')}, ','))
    RETURNING c.id`)
  return rows.length
}
