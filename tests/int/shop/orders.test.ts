import fs from 'node:fs'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { freshPayload } from '../../helpers/payload'

/** The order state machine and stock rules, through the services the routes use. */

let payload: Payload
let orders: typeof import('@/modules/shop/server/orders')
let productId: string
let optionId: string

const CUSTOMER = {
  customerName: 'Sam Fan',
  customerEmail: 'sam@example.com',
  customerPhone: '555-000-1111',
  shippingAddress: { street: '9 Elm Street', city: 'Salem', state: 'OR', zipCode: '97301', country: 'US' },
}

beforeAll(async () => {
  payload = await freshPayload()
  orders = await import('@/modules/shop/server/orders')
  const product = await payload.create({
    collection: 'products',
    data: { name: 'Tour Tee', price: 25, inventory: 0, isActive: true, isFeatured: true } as never,
  })
  const option = await payload.create({
    collection: 'product-options',
    data: {
      productId: product.id,
      name: 'Size',
      value: 'L',
      priceAdjustment: 2,
      inventory: 5,
      isActive: true,
    } as never,
  })
  productId = product.id
  optionId = option.id
})

const stock = async () => (await payload.findByID({ collection: 'product-options', id: optionId })).inventory
const newOrder = (quantity = 1) =>
  orders.createOrder(payload, {
    ...CUSTOMER,
    items: [{ productId, productOptionId: optionId, quantity, price: '27.00' }],
  })
const emailJobs = async () =>
  (
    await payload.find({
      collection: 'payload-jobs',
      where: { taskSlug: { equals: 'sendEmail' } },
      pagination: false,
      overrideAccess: true,
    })
  ).docs

describe('createOrder', () => {
  it('prices an option as product price plus adjustment, with 5.00 shipping', async () => {
    const order = await newOrder(2)
    expect(order).toMatchObject({
      status: 'pending',
      subtotalAmount: '54.00',
      shippingAmount: '5.00',
      totalAmount: '59.00',
    })
  })
})

describe('a crowd ordering at once', () => {
  it('prices every order, and the first order after a price change at the new price', async () => {
    const crowd = await Promise.all(Array.from({ length: 30 }, () => newOrder()))
    expect(crowd.every((o) => o.totalAmount === '32.00')).toBe(true)
    await payload.update({ collection: 'products', id: productId, data: { price: 30 } as never })
    await expect(newOrder()).rejects.toThrow('The price of Tour Tee (L) is now $32.00')
    const again = await orders.createOrder(payload, {
      ...CUSTOMER,
      items: [{ productId, productOptionId: optionId, quantity: 1, price: '32.00' }],
    })
    expect(again.totalAmount).toBe('37.00')
    await payload.update({ collection: 'products', id: productId, data: { price: 25 } as never })
  })
})

describe('orders written together', () => {
  it('writes each of a crowd’s orders with its own items; one that cannot be written fails alone', async () => {
    const broken = orders.createOrder(payload, {
      ...CUSTOMER,
      customerEmail: null as never,
      items: [{ productId, productOptionId: optionId, quantity: 1, price: '27.00' }],
    })
    const placed = await Promise.all([
      newOrder(1),
      broken.catch((error: unknown) => error),
      ...Array.from({ length: 20 }, (_, n) => newOrder((n % 3) + 1)),
    ])
    expect(placed[1]).toBeInstanceOf(Error)
    const written = placed.filter((o) => !(o instanceof Error)) as Awaited<ReturnType<typeof newOrder>>[]
    expect(written).toHaveLength(21)
    const rows = await payload.db.drizzle.execute(sql`SELECT o.id, o.total_amount, sum(i.quantity)::int AS units
      FROM orders o JOIN order_items i ON i.order_id_id = o.id
      WHERE o.id IN (${sql.join(
        written.map((o) => sql`${o.id}::uuid`),
        sql`, `,
      )}) GROUP BY o.id`)
    const byId = new Map(rows.rows.map((r) => [String(r.id), r]))
    written.forEach((order, n) => {
      const units = n === 0 ? 1 : ((n - 1) % 3) + 1
      expect(byId.get(order.id)).toMatchObject({ units })
      expect(order.totalAmount).toBe(`${27 * units + 5}.00`)
    })
  })
})

describe('transitionOrderStatus', () => {
  it('moves pending → paid → shipped → completed once each, and refuses every other move with 409 (a completed order is not refunded)', async () => {
    const { id } = await newOrder()
    await expect(orders.transitionOrderStatus(payload, id, 'shipped')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'An order that is pending cannot be marked shipped.',
    })
    await expect(orders.transitionOrderStatus(payload, id, 'paid')).resolves.toEqual({ id, status: 'paid' })
    await expect(orders.transitionOrderStatus(payload, id, 'paid')).rejects.toMatchObject({
      kind: 'conflict',
      message: 'The order is already paid.',
    })
    await expect(orders.transitionOrderStatus(payload, id, 'failed')).rejects.toMatchObject({ kind: 'conflict' })
    await expect(orders.transitionOrderStatus(payload, id, 'shipped')).resolves.toEqual({ id, status: 'shipped' })
    await expect(orders.transitionOrderStatus(payload, id, 'completed')).resolves.toEqual({ id, status: 'completed' })
    await expect(orders.transitionOrderStatus(payload, id, 'shipped')).rejects.toMatchObject({ kind: 'conflict' })
    await expect(orders.transitionOrderStatus(payload, id, 'refunded')).rejects.toMatchObject({ kind: 'conflict' })
    expect((await payload.findByID({ collection: 'orders', id })).status).toBe('completed')
  })

  it('answers 404 for an unknown order', async () => {
    await expect(
      orders.transitionOrderStatus(payload, '00000000-0000-4000-8000-000000000000', 'shipped'),
    ).rejects.toMatchObject({ kind: 'notFound' })
  })

  it('the same move requested twice at once happens once', async () => {
    const { id } = await newOrder()
    await orders.transitionOrderStatus(payload, id, 'paid')
    const results = await Promise.allSettled([0, 1, 2].map(() => orders.transitionOrderStatus(payload, id, 'shipped')))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const shippedMails = (await emailJobs()).filter(
      (j) => (j.input as { subject: string }).subject === `Your order #${id.slice(0, 8)} has shipped`,
    )
    expect(shippedMails).toHaveLength(1)
  })

  it('paid queues the confirmation; shipped queues the shipping email, which the queue sends', async () => {
    const { id } = await newOrder()
    await orders.transitionOrderStatus(payload, id, 'paid')
    await orders.transitionOrderStatus(payload, id, 'shipped')
    const subjects = (await emailJobs()).map((j) => (j.input as { subject: string; to: string }).subject)
    expect(subjects).toContain(`Your order #${id.slice(0, 8)} from Band Name`)
    expect(subjects).toContain(`Your order #${id.slice(0, 8)} has shipped`)
    await payload.jobs.run({ queue: 'email', limit: 100 })
    // Without SMTP_URL the mails are written whole to DATA_DIR/mail.
    const dir = path.join(process.env.DATA_DIR!, 'mail')
    const mails = fs.readdirSync(dir).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    expect(
      mails.some((m) => m.includes(`Subject: Your order #${id.slice(0, 8)} has shipped`) && m.includes('9 Elm Street')),
    ).toBe(true)
  })
})

describe('stock held for a payment', () => {
  it('ten parallel captures for stock 5 take exactly 5, and failing an order gives its stock back', async () => {
    const before = await stock()
    expect(before).toBeGreaterThanOrEqual(5)
    // Leave exactly 5 in stock.
    await payload.update({ collection: 'product-options', id: optionId, data: { inventory: 5 } })
    const placed = await Promise.all(Array.from({ length: 10 }, () => newOrder()))
    const holds = await Promise.all(placed.map((o) => orders.holdStockForPayment(payload, o.id)))
    expect(holds.filter((h) => h.ok)).toHaveLength(5)
    expect(holds.filter((h) => !h.ok && h.soldOut)).toHaveLength(5)
    expect(await stock()).toBe(0)

    const held = placed[holds.findIndex((h) => h.ok)]!
    expect(await orders.settlePayment(payload, held.id, { kind: 'failed', reason: 'payment declined' })).toBe('failed')
    expect(await stock()).toBe(1)
    // A second failure report changes nothing.
    expect(await orders.settlePayment(payload, held.id, { kind: 'failed', reason: 'payment declined' })).toBe('failed')
    expect(await stock()).toBe(1)
  })

  it('a completed payment for another amount or currency does not make the order paid', async () => {
    await payload.update({ collection: 'product-options', id: optionId, data: { inventory: 5 } })
    const { id } = await newOrder()
    await orders.holdStockForPayment(payload, id)
    expect(
      await orders.settlePayment(payload, id, {
        kind: 'completed',
        captureId: 'CAP-X',
        amount: '32.00',
        currency: 'EUR',
      }),
    ).toBe('failed')
    expect(await stock()).toBe(5)
  })
})
