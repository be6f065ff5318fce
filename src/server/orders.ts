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
  // Every product of the cart with all its options, in one read.
  const rows = await query<PricingRow>(
    payload,
    sql`SELECT p.id AS product_id, p.name AS product_name, p.price, p.inventory AS product_inventory, p.is_active AS product_active,
        po.id AS option_id, po.name AS option_name, po.value AS option_value, po.price_adjustment,
        po.inventory AS option_inventory, po.is_active AS option_active
      FROM products p LEFT JOIN product_options po ON po.product_id_id = p.id
      WHERE p.id IN (${sql.join(productIds.map((id) => sql`${id}::uuid`), sql`, `)})
      ORDER BY po.created_at, po.id`,
  )
  const productById = new Map<string, PricedProduct>()
  const optionById = new Map<string, PricedOption>()
  for (const r of rows) {
    if (!productById.has(r.product_id)) {
      productById.set(r.product_id, { id: r.product_id, name: r.product_name, price: String(r.price), inventory: Number(r.product_inventory), isActive: r.product_active })
    }
    if (r.option_id) {
      optionById.set(r.option_id, {
        id: r.option_id,
        productId: r.product_id,
        name: r.option_name!,
        value: r.option_value!,
        priceAdjustment: String(r.price_adjustment),
        inventory: Number(r.option_inventory),
        isActive: Boolean(r.option_active),
      })
    }
  }
  const options = [...optionById.values()]

  const wanted = new Map<string, { available: number; quantity: number; label: string }>()
  const lines = input.items.map((item) => {
    const product = productById.get(item.productId)
    if (!product || !product.isActive) throw new HttpError(409, 'An item in your cart is no longer available. Please remove it and try again.')
    let option: PricedOption | null = null
    if (item.productOptionId) {
      option = optionById.get(item.productOptionId) ?? null
      if (!option || !option.isActive || option.productId !== product.id) {
        throw new HttpError(409, `The chosen option of ${product.name} is no longer available. Please choose another one.`)
      }
    } else {
      const choice = options.find((o) => o.isActive && o.productId === product.id)
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

  // The order and its items in one statement (so all or nothing); items keep the cart's order.
  const items = lines.map(
    ({ item, product, option, unitCents }, n) =>
      sql`(${n}::int, ${product.id}::uuid, ${option?.id ?? null}::uuid, ${item.quantity}::int, ${formatCents(unitCents)}::numeric,
        ${product.name}::varchar, ${option?.name ?? null}::varchar, ${option?.value ?? null}::varchar,
        ${option ? formatCents(toCents(option.priceAdjustment)) : '0.00'}::numeric)`,
  )
  const written = await query<{ id: string }>(
    payload,
    sql`WITH new_order AS (
        INSERT INTO orders (customer_email, customer_name, customer_phone, shipping_address, subtotal_amount, shipping_amount, total_amount, status, stock_taken)
        VALUES (${input.customerEmail}, ${input.customerName}, ${input.customerPhone}, ${JSON.stringify(input.shippingAddress)}::jsonb,
          ${formatCents(subtotal)}::numeric, ${formatCents(shipping)}::numeric, ${formatCents(total)}::numeric, 'pending', false)
        RETURNING id, created_at
      )
      INSERT INTO order_items (order_id_id, product_id_id, product_option_id_id, quantity, price, product_name, option_name, option_value,
        price_adjustment, created_at, updated_at)
      SELECT new_order.id, v.product_id, v.option_id, v.quantity, v.price, v.product_name, v.option_name, v.option_value, v.price_adjustment,
        new_order.created_at + make_interval(secs => v.n * 0.001), new_order.created_at
      FROM new_order, (VALUES ${sql.join(items, sql`, `)}) AS v(n, product_id, option_id, quantity, price, product_name, option_name, option_value, price_adjustment)
      RETURNING order_id_id AS id`,
  )
  return {
    id: written[0]!.id,
    status: 'pending',
    subtotalAmount: formatCents(subtotal),
    shippingAmount: formatCents(shipping),
    totalAmount: formatCents(total),
  }
}

type PricingRow = {
  product_id: string
  product_name: string
  price: string
  product_inventory: string
  product_active: boolean
  option_id: string | null
  option_name: string | null
  option_value: string | null
  price_adjustment: string | null
  option_inventory: string | null
  option_active: boolean | null
}
type PricedProduct = { id: string; name: string; price: string; inventory: number; isActive: boolean }
type PricedOption = { id: string; productId: string; name: string; value: string; priceAdjustment: string; inventory: number; isActive: boolean }

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

/** Locks the order row (see lockOrder) and reads its stock lines in the same query. */
async function lockOrderWithLines(tx: Tx, id: string): Promise<{ order: OrderRow; lines: StockLine[] } | null> {
  const rows = await tx.execute<RawOrder & { lines: RawStockLine[] }>(sql`SELECT ${ORDER_COLUMNS},
      COALESCE((SELECT json_agg(json_build_object('product_id_id', i.product_id_id, 'product_option_id_id', i.product_option_id_id,
          'quantity', i.quantity, 'product_name', i.product_name, 'option_value', i.option_value))
        FROM order_items i WHERE i.order_id_id = orders.id), '[]'::json) AS lines
    FROM orders WHERE id = ${id} FOR UPDATE OF orders`)
  return rows[0] ? { order: toRow(rows[0]), lines: rows[0].lines.map(toStockLine) } : null
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
  // A concurrent call waits for the row, finds the id set, and reads the one kept.
  const set = await query<{ paypal_order_id: string }>(
    payload,
    sql`UPDATE orders SET paypal_order_id = ${providerOrderId}, payment_provider = ${provider}, updated_at = now()
      WHERE id = ${orderId} AND paypal_order_id IS NULL RETURNING paypal_order_id`,
  )
  if (set[0]) return set[0].paypal_order_id
  const order = await findOrder(payload, orderId)
  if (!order?.paypalOrderId) throw new HttpError(404, 'Order not found')
  return order.paypalOrderId
}

type RawStockLine = { product_id_id: string | null; product_option_id_id: string | null; quantity: string | number; product_name: string | null; option_value: string | null }

const toStockLine = (r: RawStockLine): StockLine => ({
  productId: r.product_id_id,
  optionId: r.product_option_id_id,
  quantity: Number(r.quantity),
  label: r.option_value ? `${r.product_name} (${r.option_value})` : (r.product_name ?? 'An item'),
})

async function stockLines(tx: Tx, orderId: string): Promise<StockLine[]> {
  const rows = await tx.execute<RawStockLine>(
    sql`SELECT product_id_id, product_option_id_id, quantity, product_name, option_value FROM order_items WHERE order_id_id = ${orderId}`,
  )
  return rows.map(toStockLine)
}

// ---------------------------------------------------------------------------------------------
// Stock held for a payment

export type StockHold = { ok: true; order: OrderRow } | { ok: false; order: OrderRow; soldOut?: string }

/**
 * Takes the order's stock before its payment is captured, in one short transaction. An order that
 * is no longer pending is returned as it is (a second capture finds it paid or failed); an order
 * whose stock is short becomes failed with the reason "out of stock" (in the same transaction when
 * nothing was taken yet), and its payment must not be captured.
 */
export async function holdStockForPayment(payload: Payload, orderId: string): Promise<StockHold> {
  let hold: StockHold
  try {
    hold = await withTransaction(payload, async (tx): Promise<StockHold> => {
      const locked = await lockOrderWithLines(tx, orderId)
      if (!locked) throw new HttpError(404, 'Order not found')
      const { order, lines } = locked
      if (order.status !== 'pending') return { ok: false, order }
      if (order.stockTaken) return { ok: true, order }
      try {
        await reserveStock(tx, lines)
      } catch (error) {
        if (!(error instanceof OutOfStockError && error.tookNothing)) throw error
        await moveOrder(tx, order, 'failed', { reason: 'out of stock' })
        return { ok: false, order: { ...order, status: 'failed' }, soldOut: error.label }
      }
      await tx.execute(sql`UPDATE orders SET stock_taken = true, updated_at = now() WHERE id = ${orderId}`)
      return { ok: true, order: { ...order, stockTaken: true } }
    })
  } catch (error) {
    // Another buyer took the last units between the stock read and the update: the transaction
    // gave back what it had taken, and the order fails on its own.
    if (!(error instanceof OutOfStockError)) throw error
    const status = await settlePayment(payload, orderId, { kind: 'failed', reason: 'out of stock' })
    const order = (await findOrder(payload, orderId))!
    return { ok: false, order: { ...order, status }, soldOut: error.label }
  }
  if (hold.ok) await revalidatePublic(CACHE_TAGS.products, CACHE_TAGS.productOptions)
  return hold
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
