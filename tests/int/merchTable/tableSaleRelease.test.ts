import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { payloadBeforeMigration, type RawDb } from '../../helpers/payload'

/**
 * A till sale's line names a product or a release, never a release as a product: the migration
 * moves the release lines recorded before it (the release's id in `product_id`) to `release_id`,
 * and the database refuses a line that names both or neither.
 */

let payload: Payload
let db: RawDb
let sql: typeof import('@payloadcms/db-postgres').sql
const ids = { product: '', release: '', sale: '00000000-0000-4000-8000-000000000001' }

beforeAll(async () => {
  // Every migration before this one, then a sale as the till recorded it before, then the rest.
  const before = await payloadBeforeMigration('table_sale_release')
  ;({ payload, db, sql } = before)

  const create = (collection: string, data: Record<string, unknown>) =>
    payload.create({ collection: collection as never, data: data as never, overrideAccess: true }) as Promise<{
      id: string | number
    }>
  ids.product = String((await create('products', { name: 'Tour Tee', price: 25, inventory: 5 })).id)
  const release = await create('releases', {
    title: 'Basement Tapes',
    type: 'album',
    releaseDate: '2025-10-01',
    isActive: true,
    pricingMode: 'fixed',
    priceCents: 800,
  })
  ids.release = String(release.id)
  const show = await create('shows', { title: 'Tape Night', venue: 'The Basement', date: '2026-12-07T12:00:00.000Z' })
  const [till] = (
    await db.execute(sql`
      INSERT INTO tills (show_id, token_hash, expires_at)
      VALUES (${show.id}, ${'a'.repeat(64)}, now() + interval '1 day') RETURNING id`)
  ).rows
  await db.execute(sql`
    INSERT INTO till_sales (id, show_id, till_id, sold_at, payment, subtotal_cents, total_cents, body_hash)
    VALUES (${ids.sale}, ${show.id}, ${till!.id}, now(), 'cash', 4100, 4100, ${'b'.repeat(64)})`)
  // A tee, a release line as the till recorded them (its id in both columns), and one older still.
  await db.execute(sql`
    INSERT INTO till_sale_lines (sale_id, line, product_id, release_id, title, quantity, unit_price_cents, source)
    VALUES (${ids.sale}, 0, ${ids.product}, NULL, 'Tour Tee', 1, 2500, 'stock'),
      (${ids.sale}, 1, ${ids.release}, ${ids.release}, 'Basement Tapes', 1, 800, 'stock'),
      (${ids.sale}, 2, ${ids.release}, NULL, 'Basement Tapes', 1, 800, 'stock')`)
  await before.rest()
}, 120_000)

const lines = async () =>
  (
    await db.execute(
      sql`SELECT line, product_id, release_id FROM till_sale_lines WHERE sale_id = ${ids.sale} ORDER BY line`,
    )
  ).rows

async function insertError(productId: string | null, releaseId: string | null): Promise<string | null> {
  try {
    await db.execute(sql`
      INSERT INTO till_sale_lines (sale_id, line, product_id, release_id, title, quantity, unit_price_cents, source)
      VALUES (${ids.sale}, 9, ${productId}, ${releaseId}, 'Odd', 1, 100, 'stock')`)
    return null
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } }
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`
  }
}

describe('release lines of till sales', () => {
  it('moves the release lines recorded before to release_id, and leaves product lines as they were', async () => {
    expect(await lines()).toEqual([
      { line: 0, product_id: ids.product, release_id: null },
      { line: 1, product_id: null, release_id: ids.release },
      { line: 2, product_id: null, release_id: ids.release },
    ])
  })

  it('refuses a line naming both a product and a release, or neither', async () => {
    expect(await insertError(ids.product, ids.release)).toMatch(/till_sale_lines_item_check/)
    expect(await insertError(null, null)).toMatch(/till_sale_lines_item_check/)
  })
})
