import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { siteSenders } from '@/modules/site'
import { toMoneyString } from '@/lib/money'
import { query } from '@/platform/db/transaction'
import { enqueueEmail, enqueueEmails } from '@/platform/email/queue'
import { taxOfRow, type TaxColumns } from './orders/tax'
import type { OrderDownloads } from './downloadEmail'

import {
  newOrderNotificationEmail,
  orderConfirmationEmail,
  orderRefundedEmail,
  orderShippedEmail,
  type OrderForEmail,
} from './emails'

/** An order with its lines as the emails show it, in one read (inside `req`'s transaction when given). */
export async function orderForEmail(payload: Payload, orderId: string, req?: PayloadRequest): Promise<OrderForEmail> {
  type Row = {
    id: string
    customer_name: string | null
    customer_email: string
    customer_phone: string | null
    subtotal_amount: string
    shipping_amount: string
    total_amount: string
    discount_amount: string | null
    discount_code_text: string | null
    shipping_address: OrderForEmail['shippingAddress']
    carrier: string | null
    tracking_number: string | null
    tax_amount: string | null
    tax_lines: TaxColumns['tax_lines']
    prices_include_tax: boolean | null
    digital_consent: boolean | null
    items: {
      productName: string | null
      optionName: string | null
      optionValue: string | null
      quantity: number
      price: string
      preorderShipsOn: string | null
      digital: boolean
    }[]
  }
  const [order] = await query<Row>(
    payload,
    sql`SELECT o.id, o.customer_name, o.customer_email, o.customer_phone, o.subtotal_amount, o.shipping_amount,
        o.total_amount, o.discount_amount, o.discount_code_text, o.shipping_address, o.carrier, o.tracking_number,
        o.tax_amount, o.tax_lines, o.prices_include_tax, o.digital_consent,
        COALESCE((SELECT json_agg(json_build_object('productName', i.product_name, 'optionName', i.option_name,
            'optionValue', i.option_value, 'quantity', i.quantity, 'price', i.price,
            'preorderShipsOn', i.preorder_ships_on, 'digital', i.release_id IS NOT NULL) ORDER BY i.created_at, i.id)
          FROM order_items i WHERE i.order_id_id = o.id), '[]'::json) AS items
      FROM orders o WHERE o.id = ${orderId}`,
    req,
  )
  if (!order) throw new Error(`Order ${orderId} not found for its email`)
  return {
    id: order.id,
    customerName: order.customer_name ?? null,
    customerEmail: order.customer_email,
    customerPhone: order.customer_phone ?? null,
    subtotalAmount: toMoneyString(order.subtotal_amount),
    shippingAmount: toMoneyString(order.shipping_amount),
    totalAmount: toMoneyString(order.total_amount),
    discountAmount: toMoneyString(order.discount_amount),
    discountCode: order.discount_code_text ?? null,
    ...taxOfRow(order),
    shippingAddress: order.shipping_address ?? null,
    carrier: order.carrier ?? null,
    trackingNumber: order.tracking_number ?? null,
    digitalConsent: order.digital_consent === true,
    items: order.items.map((item) => ({
      productName: item.productName ?? 'Item',
      optionName: item.optionName ?? null,
      optionValue: item.optionValue ?? null,
      quantity: Number(item.quantity),
      price: toMoneyString(item.price),
      preorderShipsOn: item.preorderShipsOn ?? null,
      digital: item.digital === true,
    })),
  }
}

/**
 * On paid: the customer's confirmation (with the download of its releases, when it has any) and a
 * notification to every notification address.
 */
export async function enqueueOrderPaidEmails(
  payload: Payload,
  orderId: string,
  req?: PayloadRequest,
  downloads: OrderDownloads | null = null,
): Promise<void> {
  const [found, { bandName, notify }] = await Promise.all([
    orderForEmail(payload, orderId, req),
    siteSenders(payload, req),
  ])
  const order = { ...found, downloads }
  const notification = newOrderNotificationEmail(order)
  await enqueueEmails(
    payload,
    [
      { to: order.customerEmail, content: orderConfirmationEmail(order, bandName) },
      ...notify.map((to) => ({ to, content: notification })),
    ],
    req,
  )
}

/** Tells the customer their order has shipped, or was refunded. */
export async function enqueueOrderUpdateEmail(
  payload: Payload,
  orderId: string,
  update: 'shipped' | 'refunded',
  req?: PayloadRequest,
): Promise<void> {
  const [order, { bandName }] = await Promise.all([orderForEmail(payload, orderId, req), siteSenders(payload, req)])
  const template = update === 'shipped' ? orderShippedEmail : orderRefundedEmail
  await enqueueEmail(payload, order.customerEmail, template(order, bandName), req)
}
