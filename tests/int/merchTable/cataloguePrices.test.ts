import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { freshPayload } from '../../helpers/payload'

/**
 * The catalogue's price history that till sales are checked against: an item's first price counts
 * from the start, each change from its moment, a size's price follows its product's, and a change
 * of anything else writes nothing.
 */

let payload: Payload
const run = <R>(q: ReturnType<typeof sql>) => payload.db.drizzle.execute(q).then((r) => r.rows as R[])
const history = (itemId: string) =>
  run<{ price_cents: string; first: boolean }>(sql`
    SELECT price_cents, from_at = '-infinity' AS first FROM catalogue_prices WHERE item_id = ${itemId} ORDER BY from_at`)

beforeAll(async () => {
  payload = await freshPayload()
})

describe('catalogue_prices', () => {
  it('keeps each price of a product and its sizes from the moment it was set', async () => {
    const tee = await payload.create({
      collection: 'products',
      data: { name: 'History Tee', price: 20, inventory: 5, isActive: true } as never,
      overrideAccess: true,
    })
    const size = await payload.create({
      collection: 'product-options',
      data: { productId: tee.id, name: 'Size', value: 'XL', priceAdjustment: 2, inventory: 5, isActive: true } as never,
      overrideAccess: true,
    })
    expect(await history(String(size.id))).toEqual([{ price_cents: '2200', first: true }])
    await payload.update({ collection: 'products', id: tee.id, data: { price: 25 } as never, overrideAccess: true })
    await payload.update({ collection: 'products', id: tee.id, data: { inventory: 4 } as never, overrideAccess: true })
    expect(await history(String(tee.id))).toEqual([
      { price_cents: '2000', first: true },
      { price_cents: '2500', first: false },
    ])
    expect(await history(String(size.id))).toEqual([
      { price_cents: '2200', first: true },
      { price_cents: '2700', first: false },
    ])
  })
})
