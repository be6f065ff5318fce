import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { toCents, toMoneyString } from '@/lib/money'
import type { TaxAmounts } from '@/modules/shop/contract/cartPrice'

import { notFound } from '@/platform/errors'
import type { StockLine, StockMove } from '@/modules/stock'
import { query, type Tx } from '@/platform/db/transaction'

import { taxOfRow, type TaxColumns } from './tax'

import type { OrderStatus } from './states'

/** An order as the payment steps read it: its state, total and payment ids. */
export type OrderRow = {
  id: string
  status: OrderStatus
  totalCents: number
  /** The parts of the total: items + shipping - discount (+ tax when added to the prices) = total. */
  subtotalCents: number
  shippingCents: number
  discountCents: number
  taxCents: number
  /** The prices included the tax: it is part of the items and shipping, not added to them. */
  pricesIncludeTax: boolean
  stockTaken: boolean
  paypalOrderId: string | null
  paypalCaptureId: string | null
  paymentProvider: 'paypal' | 'test' | null
  /** 0 for the first payment; one more each time a declined order is paid again. */
  paymentAttempt: number
  /** The discount code the order was priced with, if any. */
  discountCodeId: string | null
}

type RawOrder = {
  id: string
  status: OrderStatus
  total_amount: string
  subtotal_amount: string
  shipping_amount: string
  discount_amount: string
  tax_amount: string
  prices_include_tax: boolean | null
  stock_taken: boolean
  paypal_order_id: string | null
  paypal_capture_id: string | null
  payment_provider: 'paypal' | 'test' | null
  payment_attempt: string | number
  discount_code_id: string | null
}

const toRow = (r: RawOrder): OrderRow => ({
  id: r.id,
  status: r.status,
  totalCents: toCents(String(r.total_amount)),
  subtotalCents: toCents(String(r.subtotal_amount)),
  shippingCents: toCents(String(r.shipping_amount)),
  discountCents: toCents(String(r.discount_amount)),
  taxCents: toCents(String(r.tax_amount)),
  pricesIncludeTax: r.prices_include_tax === true,
  stockTaken: r.stock_taken,
  paypalOrderId: r.paypal_order_id,
  paypalCaptureId: r.paypal_capture_id,
  paymentProvider: r.payment_provider,
  paymentAttempt: Number(r.payment_attempt),
  discountCodeId: r.discount_code_id,
})

const ORDER_COLUMNS = sql`id, status, total_amount, subtotal_amount, shipping_amount, discount_amount, tax_amount, prices_include_tax, stock_taken, paypal_order_id, paypal_capture_id, payment_provider, payment_attempt, discount_code_id`

export async function findOrder(payload: Payload, id: string): Promise<OrderRow | null> {
  const rows = await query<RawOrder>(payload, sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ${id}`)
  return rows[0] ? toRow(rows[0]) : null
}

export async function findOrderByProviderId(payload: Payload, providerOrderId: string): Promise<OrderRow | null> {
  const rows = await query<RawOrder>(
    payload,
    sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE paypal_order_id = ${providerOrderId}`,
  )
  return rows[0] ? toRow(rows[0]) : null
}

/** Finds an order by the payment provider's capture id (refund and reversal events carry only that). */
export async function findOrderByCaptureId(payload: Payload, captureId: string): Promise<OrderRow | null> {
  const rows = await query<RawOrder>(
    payload,
    sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE paypal_capture_id = ${captureId}`,
  )
  return rows[0] ? toRow(rows[0]) : null
}

/** Locks the order row until the transaction ends, so two payments of one order run one after the other. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const rows = await tx.execute<RawOrder>(sql`SELECT ${ORDER_COLUMNS} FROM orders WHERE id = ${id} FOR UPDATE`)
  return rows[0] ? toRow(rows[0]) : null
}

/** Locks the order row (see lockOrder) and reads its stock lines (a release has none) in the same query. */
export async function lockOrderWithLines(tx: Tx, id: string): Promise<{ order: OrderRow; lines: StockLine[] } | null> {
  const rows = await tx.execute<RawOrder & { lines: RawStockLine[] }>(sql`SELECT ${ORDER_COLUMNS},
      COALESCE((SELECT json_agg(json_build_object('product_id_id', i.product_id_id, 'product_option_id_id', i.product_option_id_id,
          'quantity', i.quantity, 'product_name', i.product_name, 'option_value', i.option_value))
        FROM order_items i WHERE i.order_id_id = orders.id AND i.release_id IS NULL), '[]'::json) AS lines
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
  if (claimed.length === 0 && !alreadyBound) throw notFound('Order not found')
}

/** Records the payment provider's order id; an order keeps the first one it got. Returns the id kept. */
export async function attachProviderOrder(
  payload: Payload,
  orderId: string,
  provider: 'paypal' | 'test',
  providerOrderId: string,
): Promise<string> {
  // A concurrent call waits for the row, finds the id set, and reads the one kept.
  const set = await query<{ paypal_order_id: string }>(
    payload,
    sql`UPDATE orders SET paypal_order_id = ${providerOrderId}, payment_provider = ${provider}, updated_at = now()
      WHERE id = ${orderId} AND paypal_order_id IS NULL RETURNING paypal_order_id`,
  )
  if (set[0]) return set[0].paypal_order_id
  const order = await findOrder(payload, orderId)
  if (!order?.paypalOrderId) throw notFound('Order not found')
  return order.paypalOrderId
}

type RawStockLine = {
  product_id_id: string | null
  product_option_id_id: string | null
  quantity: string | number
  product_name: string | null
  option_value: string | null
}

const toStockLine = (r: RawStockLine): StockLine => ({
  productId: r.product_id_id,
  optionId: r.product_option_id_id,
  quantity: Number(r.quantity),
  label: r.option_value ? `${r.product_name} (${r.option_value})` : (r.product_name ?? 'An item'),
})

export async function stockLines(tx: Tx, orderId: string): Promise<StockLine[]> {
  const rows = await tx.execute<RawStockLine>(
    sql`SELECT product_id_id, product_option_id_id, quantity, product_name, option_value FROM order_items
      WHERE order_id_id = ${orderId} AND release_id IS NULL`,
  )
  return rows.map(toStockLine)
}

/** An order's lines as stock moves: taking their units (a payment held or settled)… */
export const takes = (lines: StockLine[]): StockMove[] => lines.map((l) => ({ ...l, take: l.quantity }))
/** …or giving them back (a payment released, an order failed or refunded). */
export const gives = (lines: StockLine[]): StockMove[] => lines.map((l) => ({ ...l, give: l.quantity }))

/** What the success page shows of an order: its number, items and the amounts paid. */
export type OrderReceipt = {
  id: string
  status: OrderStatus
  subtotalAmount: string
  discountAmount: string
  discountCode: string | null
  shippingAmount: string
  totalAmount: string
  items: { label: string; quantity: number; amount: string }[]
} & TaxAmounts

/**
 * The receipt of one of this browser's orders once paid (or paid and moved on): `orderId` when it
 * is one of `boundIds`, else the latest bound order that is paid. Null when there is none: nobody
 * reads another browser's order.
 */
export async function findReceipt(
  payload: Payload,
  boundIds: string[],
  orderId: string | null,
): Promise<OrderReceipt | null> {
  const ids = orderId ? boundIds.filter((id) => id === orderId) : boundIds
  if (ids.length === 0) return null
  const [row] = await query<
    {
      id: string
      status: OrderStatus
      subtotal_amount: string
      discount_amount: string
      discount_code_text: string | null
      shipping_amount: string
      total_amount: string
      items: { label: string; quantity: number; amount: string }[]
    } & TaxColumns
  >(
    payload,
    sql`SELECT o.id, o.status, o.subtotal_amount, o.discount_amount, o.discount_code_text, o.shipping_amount, o.total_amount,
        o.tax_amount, o.tax_lines, o.prices_include_tax,
        COALESCE((SELECT json_agg(json_build_object(
            'label', CASE WHEN i.option_value IS NULL THEN i.product_name ELSE i.product_name || ' (' || i.option_value || ')' END,
            'quantity', i.quantity, 'amount', to_char(i.price * i.quantity, 'FM99999999990.00'))
            ORDER BY i.created_at, i.id)
          FROM order_items i WHERE i.order_id_id = o.id), '[]'::json) AS items
      FROM orders o
      WHERE o.id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) AND o.status IN ('paid', 'shipped', 'completed')
      ORDER BY o.paid_at DESC NULLS LAST LIMIT 1`,
  )
  if (!row) return null
  return {
    id: row.id,
    status: row.status,
    subtotalAmount: toMoneyString(row.subtotal_amount),
    discountAmount: toMoneyString(row.discount_amount),
    discountCode: row.discount_code_text,
    shippingAmount: toMoneyString(row.shipping_amount),
    totalAmount: toMoneyString(row.total_amount),
    ...taxOfRow(row),
    items: row.items.map((i) => ({ label: i.label, quantity: Number(i.quantity), amount: toMoneyString(i.amount) })),
  }
}
