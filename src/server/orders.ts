import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { CreateOrderInput } from '@/lib/schemas/checkout'
import { CACHE_TAGS } from '@/lib/cacheTags'
import { formatCents, SHIPPING_CENTS, toCents } from '@/lib/money'
import type { Order } from '@/payload-types'

import { enqueueOrderPaidEmails, enqueueOrderRefundedEmail, enqueueOrderShippedEmail } from './email/queue'
import { HttpError } from './http'
import { OutOfStockError, releaseStock, reserveStock, type StockLine } from './inventory'
import { revalidatePublic } from './revalidate'
import { query, withTransaction, type Tx } from './transaction'

export type OrderStatus = Order['status']

/**
 * Order states: pending → paid → shipped → completed; pending → failed; paid or shipped → refunded.
 * Only the server moves an order, and each move happens once.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['paid', 'failed'],
  paid: ['shipped', 'refunded'],
  shipped: ['completed', 'refunded'],
  completed: [],
  failed: [],
  refunded: [],
}

export const canMoveOrder = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to)

const money = (cents: number) => Number(formatCents(cents))

// ---------------------------------------------------------------------------------------------
// Creating an order

export type CreatedOrder = {
  id: string
  status: OrderStatus
  subtotalAmount: string
  shippingAmount: string
  totalAmount: string
}

/**
 * Prices every line again from the database (product price plus option adjustment) and checks
 * stock; a client price or amount that differs, or stock that is short, is a 409 with a message
 * the buyer can act on. The order and its items are written in one transaction.
 */
export async function createOrder(payload: Payload, input: CreateOrderInput): Promise<CreatedOrder> {
  const productIds = [...new Set(input.items.map((i) => i.productId))]
  const [products, options] = await Promise.all([
    payload.find({ collection: 'products', where: { id: { in: productIds } }, depth: 0, pagination: false, overrideAccess: true }),
    payload.find({
      collection: 'product-options',
      where: { productId: { in: productIds } },
      depth: 0,
      pagination: false,
      overrideAccess: true,
    }),
  ])
  const productById = new Map(products.docs.map((p) => [p.id, p]))
  const optionById = new Map(options.docs.map((o) => [o.id, o]))
  const optionProduct = (o: (typeof options.docs)[number]) => (typeof o.productId === 'object' ? o.productId.id : o.productId)

  const wanted = new Map<string, { available: number; quantity: number; label: string }>()
  const lines = input.items.map((item) => {
    const product = productById.get(item.productId)
    if (!product || !product.isActive) throw new HttpError(409, 'An item in your cart is no longer available. Please remove it and try again.')
    let option = null as (typeof options.docs)[number] | null
    if (item.productOptionId) {
      option = optionById.get(item.productOptionId) ?? null
      if (!option || !option.isActive || optionProduct(option) !== product.id) {
        throw new HttpError(409, `The chosen option of ${product.name} is no longer available. Please choose another one.`)
      }
    } else {
      const choice = options.docs.find((o) => o.isActive && optionProduct(o) === product.id)
      if (choice) throw new HttpError(409, `Please choose a ${choice.name.toLowerCase()} for ${product.name}.`)
    }
    const label = option ? `${product.name} (${option.value})` : product.name
    const unitCents = Math.max(0, toCents(product.price) + (option ? toCents(option.priceAdjustment) : 0))
    if (toCents(item.price) !== unitCents) {
      throw new HttpError(409, `The price of ${label} is now $${formatCents(unitCents)}. Please review your cart and try again.`)
    }
    const key = option ? `o:${option.id}` : `p:${product.id}`
    const entry = wanted.get(key) ?? { available: option ? option.inventory : product.inventory, quantity: 0, label }
    entry.quantity += item.quantity
    wanted.set(key, entry)
    return { item, product, option, unitCents }
  })
  for (const { available, quantity, label } of wanted.values()) {
    if (available < quantity) {
      throw new HttpError(
        409,
        available <= 0
          ? `Sorry, ${label} is sold out. Please remove it from your cart.`
          : `Sorry, only ${available} of ${label} ${available === 1 ? 'is' : 'are'} left in stock. Please lower the quantity.`,
      )
    }
  }

  const subtotal = lines.reduce((sum, l) => sum + l.unitCents * l.item.quantity, 0)
  const shipping = lines.length > 0 ? SHIPPING_CENTS : 0
  const total = subtotal + shipping
  const claimed: [string, number][] = [
    ['subtotal', subtotal],
    ['shipping', shipping],
    ['total', total],
  ]
  for (const [name, cents] of claimed) {
    const given = input[`${name}Amount` as 'subtotalAmount']
    if (given !== undefined && toCents(given) !== cents) {
      throw new HttpError(409, `The order ${name} is $${formatCents(cents)}, not $${formatCents(toCents(given))}. Please review your cart and try again.`)
    }
  }

  const order = await withTransaction(payload, async ({ req }) => {
    const created = await payload.create({
      collection: 'orders',
      data: {
        customerEmail: input.customerEmail,
        customerName: input.customerName,
        customerPhone: input.customerPhone,
        shippingAddress: input.shippingAddress,
        subtotalAmount: money(subtotal),
        shippingAmount: money(shipping),
        totalAmount: money(total),
        status: 'pending',
        stockTaken: false,
      },
      depth: 0,
      overrideAccess: true,
      req,
    })
    for (const { item, product, option, unitCents } of lines) {
      await payload.create({
        collection: 'order-items',
        data: {
          orderId: created.id,
          productId: product.id,
          productOptionId: option?.id ?? null,
          quantity: item.quantity,
          price: money(unitCents),
          productName: product.name,
          optionName: option?.name ?? null,
          optionValue: option?.value ?? null,
          priceAdjustment: option ? money(toCents(option.priceAdjustment)) : 0,
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
    }
    return created
  })
  return {
    id: order.id,
    status: order.status,
    subtotalAmount: formatCents(subtotal),
    shippingAmount: formatCents(shipping),
    totalAmount: formatCents(total),
  }
}

// ---------------------------------------------------------------------------------------------
// Reading and binding

export type OrderRow = {
  id: string
  status: OrderStatus
  totalCents: number
  stockTaken: boolean
  paypalOrderId: string | null
  paypalCaptureId: string | null
  paymentProvider: 'paypal' | 'test' | null
}

type RawOrder = {
  id: string
  status: OrderStatus
  total_amount: string
  stock_taken: boolean
  paypal_order_id: string | null
  paypal_capture_id: string | null
  payment_provider: 'paypal' | 'test' | null
}

const toRow = (r: RawOrder): OrderRow => ({
  id: r.id,
  status: r.status,
  totalCents: toCents(String(r.total_amount)),
  stockTaken: r.stock_taken,
  paypalOrderId: r.paypal_order_id,
  paypalCaptureId: r.paypal_capture_id,
  paymentProvider: r.payment_provider,
})

const ORDER_COLUMNS = sql`id, status, total_amount, stock_taken, paypal_order_id, paypal_capture_id, payment_provider`

export async function findOrder(payload: Payload, id: string): Promise<OrderRow | null> {
  const rows = await query<RawOrder>(payload, sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ${id}`)
  return rows[0] ? toRow(rows[0]) : null
}

export async function findOrderByProviderId(payload: Payload, providerOrderId: string): Promise<OrderRow | null> {
  const rows = await query<RawOrder>(payload, sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE paypal_order_id = ${providerOrderId}`)
  return rows[0] ? toRow(rows[0]) : null
}

/** Finds an order by the payment provider's capture id (refund and reversal events carry only that). */
export async function findOrderByCaptureId(payload: Payload, captureId: string): Promise<OrderRow | null> {
  const rows = await query<RawOrder>(payload, sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE paypal_capture_id = ${captureId}`)
  return rows[0] ? toRow(rows[0]) : null
}

/** Locks the order row until the transaction ends, so two payments of one order run one after the other. */
async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const rows = await tx.execute<RawOrder>(sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ${id} FOR UPDATE`)
  return rows[0] ? toRow(rows[0]) : null
}

/**
 * Claims a pending order for the browser that created it. The first browser to claim an order
 * keeps it; for anyone else the order does not exist.
 */
export async function claimOrderForCheckout(payload: Payload, orderId: string, alreadyBound: boolean): Promise<void> {
  const claimed = await query(
    payload,
    sql`UPDATE orders SET checkout_bound_at = now()
      WHERE id = ${orderId} AND status = 'pending' AND checkout_bound_at IS NULL RETURNING id`,
  )
  if (claimed.length === 0 && !alreadyBound) throw new HttpError(404, 'Order not found')
}

/** Records the payment provider's order id; an order keeps the first one it got. Returns the id kept. */
export async function attachProviderOrder(payload: Payload, orderId: string, provider: 'paypal' | 'test', providerOrderId: string): Promise<string> {
  return withTransaction(payload, async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order) throw new HttpError(404, 'Order not found')
    if (order.paypalOrderId) return order.paypalOrderId
    await tx.execute(sql`UPDATE orders SET paypal_order_id = ${providerOrderId}, payment_provider = ${provider}, updated_at = now() WHERE id = ${orderId}`)
    return providerOrderId
  })
}

async function stockLines(tx: Tx, orderId: string): Promise<StockLine[]> {
  const rows = await tx.execute<{ product_id_id: string | null; product_option_id_id: string | null; quantity: string; product_name: string | null; option_value: string | null }>(
    sql`SELECT product_id_id, product_option_id_id, quantity, product_name, option_value FROM order_items WHERE order_id_id = ${orderId}`,
  )
  return rows.map((r) => ({
    productId: r.product_id_id,
    optionId: r.product_option_id_id,
    quantity: Number(r.quantity),
    label: r.option_value ? `${r.product_name} (${r.option_value})` : (r.product_name ?? 'An item'),
  }))
}

// ---------------------------------------------------------------------------------------------
// Stock held for a payment

export type StockHold = { ok: true; order: OrderRow } | { ok: false; order: OrderRow; soldOut?: string }

/**
 * Takes the order's stock before its payment is captured. An order that is no longer pending is
 * returned as it is (a second capture finds it paid or failed); an order whose stock is short
 * becomes failed with the reason "out of stock", and its payment must not be captured.
 */
export async function holdStockForPayment(payload: Payload, orderId: string): Promise<StockHold> {
  try {
    const hold = await withTransaction(payload, async (tx): Promise<StockHold> => {
      const order = await lockOrder(tx, orderId)
      if (!order) throw new HttpError(404, 'Order not found')
      if (order.status !== 'pending') return { ok: false, order }
      if (!order.stockTaken) {
        await reserveStock(tx, await stockLines(tx, orderId))
        await tx.execute(sql`UPDATE orders SET stock_taken = true, updated_at = now() WHERE id = ${orderId}`)
      }
      return { ok: true, order: { ...order, stockTaken: true } }
    })
    if (hold.ok) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
    return hold
  } catch (error) {
    if (!(error instanceof OutOfStockError)) throw error
    const status = await settlePayment(payload, orderId, { kind: 'failed', reason: 'out of stock' })
    const order = (await findOrder(payload, orderId))!
    return { ok: false, order: { ...order, status }, soldOut: error.label }
  }
}

/** Gives back stock held for a payment that was certainly not taken (e.g. not yet approved). */
export async function releaseHeldStock(payload: Payload, orderId: string): Promise<void> {
  await withTransaction(payload, async (tx) => {
    const order = await lockOrder(tx, orderId)
    if (!order || order.status !== 'pending' || !order.stockTaken) return
    await releaseStock(tx, await stockLines(tx, orderId))
    await tx.execute(sql`UPDATE orders SET stock_taken = false, updated_at = now() WHERE id = ${orderId}`)
  })
  await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
}

// ---------------------------------------------------------------------------------------------
// Settling a payment and the state machine

export type PaymentOutcome =
  | { kind: 'completed'; captureId: string | null; amount: string | null; currency: string | null }
  | { kind: 'pending'; captureId: string | null }
  | { kind: 'failed'; reason: string }
  | { kind: 'refunded'; reason: string }

/**
 * Applies what the payment provider said to the order, once: COMPLETED with the order's amount
 * and currency makes a pending order paid (and queues its emails in the same transaction);
 * a decline or failure makes it failed and gives its stock back; a refund of a paid order makes
 * it refunded. Anything that does not fit the state machine changes nothing. Returns the status.
 */
export async function settlePayment(payload: Payload, orderId: string, outcome: PaymentOutcome, outer?: PayloadRequest): Promise<OrderStatus> {
  let stockChanged = false
  const status = await withTransaction(
    payload,
    async (tx) => {
      const order = await lockOrder(tx, orderId)
      if (!order) throw new HttpError(404, 'Order not found')
      switch (outcome.kind) {
        case 'pending': {
          if (order.status === 'pending' && outcome.captureId && !order.paypalCaptureId) {
            await tx.execute(sql`UPDATE orders SET paypal_capture_id = ${outcome.captureId}, updated_at = now() WHERE id = ${orderId}`)
          }
          return order.status
        }
        case 'completed': {
          if (order.status !== 'pending') {
            if (order.status === 'failed' || order.status === 'refunded') {
              console.error(`Order ${orderId} is ${order.status} but its payment ${outcome.captureId ?? ''} completed: refund it by hand.`)
            }
            return order.status
          }
          const amountOk = outcome.amount !== null && toCents(outcome.amount) === order.totalCents && outcome.currency === 'USD'
          if (!amountOk) {
            console.error(
              `Order ${orderId}: the payment ${outcome.captureId ?? ''} captured ${outcome.amount ?? '?'} ${outcome.currency ?? '?'} instead of ${formatCents(order.totalCents)} USD: marked failed, refund it by hand.`,
            )
            stockChanged = await moveOrder(tx, order, 'failed', { reason: 'The paid amount did not match the order total' })
            return 'failed' as const
          }
          if (!order.stockTaken) {
            // Paid outside the capture route (e.g. only the webhook arrived): take the stock now.
            try {
              await tx.execute(sql`SAVEPOINT take_stock`)
              await reserveStock(tx, await stockLines(tx, orderId))
              await tx.execute(sql`RELEASE SAVEPOINT take_stock`)
              stockChanged = true
            } catch (error) {
              if (!(error instanceof OutOfStockError)) throw error
              await tx.execute(sql`ROLLBACK TO SAVEPOINT take_stock`)
              console.error(`Order ${orderId} was paid but ${error.label} is out of stock: contact the customer.`)
            }
          }
          await moveOrder(tx, order, 'paid', { captureId: outcome.captureId })
          return 'paid' as const
        }
        case 'failed': {
          if (order.status !== 'pending') return order.status
          stockChanged = await moveOrder(tx, order, 'failed', { reason: outcome.reason })
          return 'failed' as const
        }
        case 'refunded': {
          if (order.status !== 'paid' && order.status !== 'shipped') {
            if (order.status !== 'refunded') console.warn(`Order ${orderId} was refunded at the provider while ${order.status}; status kept.`)
            return order.status
          }
          stockChanged = await moveOrder(tx, order, 'refunded', { reason: outcome.reason })
          return 'refunded' as const
        }
      }
    },
    outer,
  )
  if (stockChanged) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return status
}

/**
 * One move of the state machine inside a transaction holding the order's lock, with its side
 * effects: paid queues the confirmation and notification emails, shipped the shipping email,
 * refunded the refund email; failed and refunded give held stock back. Returns whether stock changed.
 */
async function moveOrder(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  { reason, captureId }: { reason?: string; captureId?: string | null } = {},
): Promise<boolean> {
  if (order.status === to) throw new HttpError(409, `The order is already ${to}.`)
  if (!canMoveOrder(order.status, to)) throw new HttpError(409, `An order that is ${order.status} cannot be marked ${to}.`)
  const payload = tx.req.payload
  let stockChanged = false
  if ((to === 'failed' || to === 'refunded') && order.stockTaken) {
    await releaseStock(tx, await stockLines(tx, order.id))
    stockChanged = true
  }
  const stockTaken = to === 'failed' || to === 'refunded' ? false : to === 'paid' ? true : order.stockTaken
  await tx.execute(sql`UPDATE orders SET
      status = ${to},
      stock_taken = ${stockTaken},
      failure_reason = ${to === 'failed' || to === 'refunded' ? (reason ?? null) : null},
      paypal_capture_id = COALESCE(paypal_capture_id, ${captureId ?? null}),
      paid_at = CASE WHEN ${to} = 'paid' THEN now() ELSE paid_at END,
      updated_at = now()
    WHERE id = ${order.id}`)
  if (to === 'paid') await enqueueOrderPaidEmails(payload, order.id, tx.req)
  if (to === 'shipped') await enqueueOrderShippedEmail(payload, order.id, tx.req)
  if (to === 'refunded') await enqueueOrderRefundedEmail(payload, order.id, tx.req)
  return stockChanged
}

/**
 * Moves an order along the state machine (pending → paid | failed, paid → shipped | refunded,
 * shipped → completed), once: a move that does not fit is a 409 with a clear message, an unknown
 * order a 404. Marking an order shipped queues the "your order has shipped" email to the customer.
 * Pass `req` to join a transaction already under way.
 */
export async function transitionOrderStatus(
  payload: Payload,
  orderId: string,
  to: OrderStatus,
  req?: PayloadRequest,
): Promise<{ id: string; status: OrderStatus }> {
  let stockChanged = false
  await withTransaction(
    payload,
    async (tx) => {
      const order = await lockOrder(tx, orderId)
      if (!order) throw new HttpError(404, 'Order not found')
      stockChanged = await moveOrder(tx, order, to)
    },
    req,
  )
  if (stockChanged) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return { id: orderId, status: to }
}
