import { sql } from '@payloadcms/db-postgres'

import type { PersonalDataSource } from '@/platform/db/personalData'

/**
 * What an erased order's buyer becomes: an address no mail server accepts (RFC 2606), valid for
 * the column and the collection's email field, so the order can still be edited in /cms.
 */
export const ERASED_EMAIL = 'erased@erased.invalid'

type OrderRow = {
  id: string
  created_at: string
  status: string
  customer_email: string
  customer_name: string | null
  customer_phone: string | null
  shipping_address: Record<string, string> | null
  subtotal_amount: string
  shipping_amount: string
  discount_amount: string
  total_amount: string
  paid_at: string | null
  items: { product: string | null; option: string | null; quantity: number; price: string }[]
}

/**
 * The SET clause that makes an order forget its buyer (by erasure or by retention): the address
 * becomes ERASED_EMAIL, name and phone go, the shipping address keeps only country, state and
 * postal code.
 */
export const ANONYMISED_ORDER = `customer_email = '${ERASED_EMAIL}', customer_name = NULL, customer_phone = NULL,
  shipping_address = CASE WHEN shipping_address IS NULL THEN NULL ELSE jsonb_strip_nulls(jsonb_build_object(
    'country', shipping_address->'country', 'state', shipping_address->'state',
    'zipCode', shipping_address->'zipCode')) END,
  updated_at = now()`

const iso = (v: string | null) => (v ? new Date(v).toISOString() : null)

/**
 * The orders the address placed, with what was bought. Erasing one keeps what the books and the
 * tax law need (amounts, items, status, dates, and the address's country, state and postal code,
 * on which the tax depends) and drops who placed it: name, email, phone, street and city.
 */
export const orderData: PersonalDataSource = {
  key: 'orders',
  find: async (tx, email) =>
    (
      await tx.execute<OrderRow>(
        sql`SELECT o.id, o.created_at, o.status, o.customer_email, o.customer_name, o.customer_phone,
                   o.shipping_address, o.subtotal_amount, o.shipping_amount, o.discount_amount,
                   o.total_amount, o.paid_at,
                   COALESCE((SELECT json_agg(json_build_object('product', i.product_name, 'option', i.option_value,
                             'quantity', i.quantity, 'price', i.price) ORDER BY i.created_at)
                             FROM order_items i WHERE i.order_id_id = o.id), '[]') AS items
            FROM orders o WHERE lower(o.customer_email) = ${email} ORDER BY o.created_at`,
      )
    ).map((r) => ({
      id: String(r.id),
      createdAt: iso(r.created_at),
      status: r.status,
      customerEmail: r.customer_email,
      customerName: r.customer_name,
      customerPhone: r.customer_phone,
      shippingAddress: r.shipping_address,
      subtotalAmount: Number(r.subtotal_amount).toFixed(2),
      shippingAmount: Number(r.shipping_amount).toFixed(2),
      discountAmount: Number(r.discount_amount).toFixed(2),
      totalAmount: Number(r.total_amount).toFixed(2),
      paidAt: iso(r.paid_at),
      items: r.items.map((i) => ({ ...i, quantity: Number(i.quantity), price: Number(i.price).toFixed(2) })),
    })),
  erase: async (tx, email) =>
    (
      await tx.execute(
        sql`UPDATE orders SET ${sql.raw(ANONYMISED_ORDER)} WHERE lower(customer_email) = ${email} RETURNING id`,
      )
    ).length,
}
