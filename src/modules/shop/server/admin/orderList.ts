import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Order } from '@/modules/shop/contract/types'
import { toMoneyString } from '@/lib/money'
import { orderShipping } from '@/modules/stock/contract/preorder'
import type { OrderListQuery } from '@/modules/shop/contract/orderList'

import { cursorBatches } from '@/platform/db/dbCursor'
import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'

import { taxLinesText, taxOfRow, type TaxColumns } from '../orders/tax'

import { afterCursor, decodeCursor, encodeCursor, isoTime, likePrefix, type Page } from '@/platform/db/paging'

type SQL = ReturnType<typeof sql>

/**
 * The filters shared by the list and the export: `q` is a prefix of the customer's email, of
 * their name (or of any word in it), or of the order number; `status` one status; `preorder`
 * orders with (true) or without (false) a pre-order item.
 */
export function orderFilter(
  { q, status, preorder }: Pick<OrderListQuery, 'q' | 'status' | 'preorder'>,
  o: SQL = sql`o`,
): SQL {
  const parts: SQL[] = [sql`TRUE`]
  if (status) parts.push(sql`${o}.status = ${status}`)
  if (preorder !== undefined) {
    const hasPreorderItem = sql`EXISTS (SELECT 1 FROM order_items pi
      WHERE pi.order_id_id = ${o}.id AND pi.preorder_ships_on IS NOT NULL)`
    parts.push(preorder ? hasPreorderItem : sql`NOT ${hasPreorderItem}`)
  }
  if (q) {
    const text = q.replace(/^#/, '').trim()
    const prefix = likePrefix(text)
    parts.push(sql`(lower(${o}.customer_email) LIKE ${prefix}
      OR lower(${o}.customer_name) LIKE ${prefix}
      OR lower(${o}.customer_name) LIKE ${`% ${prefix}`}
      OR ${o}.id::text LIKE ${prefix})`)
  }
  return sql.join(parts, sql` AND `)
}

const money = (value: string | number | null) => toMoneyString(value)
const iso = (value: unknown) => new Date(value as string).toISOString()

type OrderRowRaw = {
  id: string
  customer_email: string
  customer_name: string | null
  customer_phone: string | null
  subtotal_amount: string
  shipping_amount: string
  total_amount: string
  status: string
  paypal_order_id: string | null
  paypal_capture_id: string | null
  shipping_address: Record<string, string> | null
  failure_reason: string | null
  discount_amount: string
  discount_code_text: string | null
  carrier: string | null
  tracking_number: string | null
  created_at: string
  updated_at: string
  items: {
    id: string
    product_id: string | null
    option_id: string | null
    quantity: string | number
    price: string | number
    created_at: string
    product_name: string | null
    option_name: string | null
    option_value: string | null
    price_adjustment: string | number | null
    current_product_name: string | null
    current_option_name: string | null
    current_option_value: string | null
    preorder_ships_on: string | null
    release_id: string | null
  }[]
} & TaxColumns

function toOrder(r: OrderRowRaw): Order {
  return {
    id: r.id,
    customerEmail: r.customer_email,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    subtotalAmount: money(r.subtotal_amount),
    shippingAmount: money(r.shipping_amount),
    totalAmount: money(r.total_amount),
    status: r.status,
    paypalOrderId: r.paypal_order_id,
    paypalCaptureId: r.paypal_capture_id,
    shippingAddress: r.shipping_address,
    failureReason: r.failure_reason,
    discountAmount: money(r.discount_amount),
    discountCode: r.discount_code_text,
    ...taxOfRow(r),
    carrier: r.carrier,
    trackingNumber: r.tracking_number,
    preorder: orderShipping(r.items.map((i) => ({ preorderShipsOn: i.preorder_ships_on }))),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    items: r.items.map((i) => ({
      id: i.id,
      orderId: r.id,
      productId: i.product_id,
      productOptionId: i.option_id,
      quantity: Number(i.quantity),
      price: money(i.price),
      createdAt: iso(i.created_at),
      // What was bought, as it was then (kept even if the product or option is edited or deleted).
      productName: i.product_name ?? i.current_product_name,
      optionName: i.option_name ?? i.current_option_name,
      optionValue: i.option_value ?? i.current_option_value,
      priceAdjustment: money(i.price_adjustment),
      preorderShipsOn: i.preorder_ships_on,
      releaseId: i.release_id ?? null,
      product:
        i.product_id && i.current_product_name !== null ? { id: i.product_id, name: i.current_product_name } : null,
      option:
        i.option_id && i.current_option_value !== null
          ? { id: i.option_id, name: i.current_option_name ?? '', value: i.current_option_value }
          : null,
    })),
  }
}

/**
 * One page of orders, newest first, each with its items, in one query (plus one count for the
 * total). `next` is the cursor of the following page, null on the last one.
 */
export async function listOrdersPage(params: OrderListQuery): Promise<Page<Order>> {
  const payload = await payloadClient()
  const cursor = decodeCursor(params.cursor)
  const where = orderFilter(params)
  const [rows, counted] = await Promise.all([
    query<OrderRowRaw>(
      payload,
      sql`SELECT o.id, o.customer_email, o.customer_name, o.customer_phone, o.subtotal_amount, o.shipping_amount,
          o.total_amount, o.status, o.paypal_order_id, o.paypal_capture_id, o.shipping_address, o.failure_reason,
          o.discount_amount, o.discount_code_text, o.carrier, o.tracking_number, o.tax_amount, o.tax_lines, o.prices_include_tax,
          ${isoTime(sql`o.created_at`)} AS created_at, ${isoTime(sql`o.updated_at`)} AS updated_at,
          COALESCE((
            SELECT json_agg(json_build_object(
                'id', i.id, 'product_id', i.product_id_id, 'option_id', i.product_option_id_id,
                'quantity', i.quantity, 'price', i.price, 'created_at', i.created_at,
                'product_name', i.product_name, 'option_name', i.option_name, 'option_value', i.option_value,
                'price_adjustment', i.price_adjustment, 'current_product_name', p.name,
                'current_option_name', po.name, 'current_option_value', po.value,
                'preorder_ships_on', i.preorder_ships_on, 'release_id', i.release_id
              ) ORDER BY i.created_at, i.id)
            FROM order_items i
            LEFT JOIN products p ON p.id = i.product_id_id
            LEFT JOIN product_options po ON po.id = i.product_option_id_id
            WHERE i.order_id_id = o.id
          ), '[]'::json) AS items
        FROM orders o
        WHERE ${where} ${afterCursor(cursor, sql`o`)}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${params.limit + 1}`,
    ),
    query<{ total: number }>(payload, sql`SELECT count(*)::int AS total FROM orders o WHERE ${where}`),
  ])
  const more = rows.length > params.limit
  const page = rows.slice(0, params.limit)
  const last = page.at(-1)
  return {
    rows: page.map(toOrder),
    next: more && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
    total: counted[0]?.total ?? 0,
  }
}

/** The orders export's columns: one row per order item (an order without items still gets one row). */
export const ORDER_EXPORT_HEADER = [
  'Order ID',
  'Date',
  'Status',
  'Customer Name',
  'Email',
  'Phone',
  'Street',
  'City',
  'State',
  'ZIP',
  'Country',
  'Product',
  'Option Name',
  'Option Value',
  'Quantity',
  'Unit Price',
  'Subtotal',
  'Shipping',
  'Total',
  'PayPal Order ID',
  'Carrier',
  'Tracking Number',
  'Discount',
  'Tax',
  'Tax Lines',
]

type ExportRowRaw = {
  id: string
  created_at: string
  status: string
  customer_name: string | null
  customer_email: string
  customer_phone: string | null
  shipping_address: Record<string, string> | null
  product_name: string | null
  option_name: string | null
  option_value: string | null
  quantity: string | null
  price: string | null
  subtotal_amount: string
  shipping_amount: string
  total_amount: string
  paypal_order_id: string | null
  carrier: string | null
  tracking_number: string | null
  discount_amount: string
} & TaxColumns

/** Every order matching the list's filters, newest first, as export rows read through a cursor. */
export async function* orderExportRows(
  filters: Pick<OrderListQuery, 'q' | 'status' | 'preorder'>,
): AsyncGenerator<unknown[][]> {
  const payload = await payloadClient()
  const statement = sql`SELECT o.id, ${isoTime(sql`o.created_at`)} AS created_at, o.status, o.customer_name, o.customer_email, o.customer_phone,
      o.shipping_address, COALESCE(i.product_name, p.name) AS product_name, COALESCE(i.option_name, po.name) AS option_name,
      COALESCE(i.option_value, po.value) AS option_value, i.quantity, i.price,
      o.subtotal_amount, o.shipping_amount, o.total_amount, o.paypal_order_id,
      o.carrier, o.tracking_number, o.discount_amount, o.tax_amount, o.tax_lines, o.prices_include_tax
    FROM orders o
    LEFT JOIN order_items i ON i.order_id_id = o.id
    LEFT JOIN products p ON p.id = i.product_id_id
    LEFT JOIN product_options po ON po.id = i.product_option_id_id
    WHERE ${orderFilter(filters)}
    ORDER BY o.created_at DESC, o.id DESC, i.created_at, i.id`
  for await (const batch of cursorBatches<ExportRowRaw>(payload, statement)) {
    yield batch.map((r) => {
      const a = r.shipping_address ?? {}
      return [
        r.id,
        r.created_at,
        r.status,
        r.customer_name,
        r.customer_email,
        r.customer_phone,
        a.street,
        a.city,
        a.state,
        a.zip ?? a.zipCode,
        a.country,
        r.product_name,
        r.option_name,
        r.option_value,
        r.quantity === null ? null : Number(r.quantity),
        r.price === null ? null : money(r.price),
        money(r.subtotal_amount),
        money(r.shipping_amount),
        money(r.total_amount),
        r.paypal_order_id,
        r.carrier,
        r.tracking_number,
        money(r.discount_amount),
        money(r.tax_amount ?? 0),
        taxLinesText(taxOfRow(r)),
      ]
    })
  }
}
