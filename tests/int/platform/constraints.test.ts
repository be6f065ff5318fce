import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { freshPayload } from '../../helpers/payload'

let payload: Payload
let productId: string

beforeAll(async () => {
  payload = await freshPayload()
  productId = (
    await payload.create({
      collection: 'products',
      data: { name: 'Tee', price: 25, inventory: 3 } as never,
      overrideAccess: true,
    })
  ).id
})

/** Runs raw SQL (bypassing Payload's validation) and returns the database's error, if any. */
async function rawError(query: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await payload.db.drizzle.execute(query)
    return null
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } }
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`
  }
}

describe('rules the database enforces by itself', () => {
  it('stock can never go below zero', async () => {
    expect(await rawError(sql`UPDATE products SET inventory = inventory - 4 WHERE id = ${productId}`)).toMatch(
      /products_inventory_not_negative/,
    )
    const option = await payload.create({
      collection: 'product-options',
      data: { productId, value: 'M', inventory: 1 } as never,
      overrideAccess: true,
    })
    expect(await rawError(sql`UPDATE product_options SET inventory = -1 WHERE id = ${option.id}`)).toMatch(
      /product_options_inventory_not_negative/,
    )
  })

  it('money columns keep exactly two decimals', async () => {
    await payload.db.drizzle.execute(sql`UPDATE products SET price = 19.999 WHERE id = ${productId}`)
    const { rows } = await payload.db.drizzle.execute(
      sql`SELECT price::text AS price FROM products WHERE id = ${productId}`,
    )
    expect(rows[0]).toEqual({ price: '20.00' })
    expect(await rawError(sql`UPDATE products SET price = -1 WHERE id = ${productId}`)).toMatch(
      /products_price_not_negative/,
    )
  })

  it('user and subscriber emails are unique whatever their case', async () => {
    await payload.create({
      collection: 'subscribers',
      data: { email: 'Fan@Example.com' } as never,
      overrideAccess: true,
    })
    const stored = await payload.find({ collection: 'subscribers', overrideAccess: true })
    expect(stored.docs.map((s) => s.email)).toEqual(['fan@example.com'])
    expect(await rawError(sql`INSERT INTO subscribers (email) VALUES ('FAN@example.com')`)).toMatch(
      /subscribers_email_lowercase|subscribers_email_lower_idx/,
    )
    await payload.create({
      collection: 'users',
      data: { email: 'Owner@Example.com', password: 'password123', role: 'owner' } as never,
      overrideAccess: true,
    })
    await expect(
      payload.create({
        collection: 'users',
        data: { email: 'OWNER@example.COM', password: 'password123' } as never,
        overrideAccess: true,
      }),
    ).rejects.toThrow()
    expect(
      await rawError(sql`INSERT INTO users (email, role, is_active) VALUES ('owner@EXAMPLE.com', 'viewer', true)`),
    ).toBeTruthy()
  })

  it('a provider order id and capture id belong to one order only', async () => {
    const data = {
      customerEmail: 'a@example.com',
      subtotalAmount: 1,
      shippingAmount: 5,
      totalAmount: 6,
      paypalOrderId: 'PP-1',
      paypalCaptureId: 'CAP-1',
    }
    await payload.create({ collection: 'orders', data: data as never, overrideAccess: true })
    await expect(
      payload.create({
        collection: 'orders',
        data: { ...data, paypalCaptureId: 'CAP-2' } as never,
        overrideAccess: true,
      }),
    ).rejects.toThrow()
    await expect(
      payload.create({ collection: 'orders', data: { ...data, paypalOrderId: 'PP-2' } as never, overrideAccess: true }),
    ).rejects.toThrow()
    // Orders without a provider id yet do not collide.
    const { paypalOrderId: _o, paypalCaptureId: _c, ...pending } = data
    await payload.create({ collection: 'orders', data: pending as never, overrideAccess: true })
    await payload.create({ collection: 'orders', data: pending as never, overrideAccess: true })
  })
})
