import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { PackingSlips } from '@/modules/shop/contract/packingSlips'
import { countryName } from '@/lib/countries'

import { notFound } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'

type SlipRow = {
  id: string
  customer_name: string | null
  shipping_address: Record<string, string> | null
  items: { name: string | null; option: string | null; value: string | null; quantity: number }[]
}

/** An order with something to ship: an order of releases only is downloaded, never packed. */
const SHIPS = sql`EXISTS (SELECT 1 FROM order_items s WHERE s.order_id_id = o.id AND s.release_id IS NULL)`

/**
 * The packing slips to print: for one order (any status), or for every paid order not yet
 * shipped that has something to ship, oldest first; each with the order, the address and the
 * items that ship with their size and quantity.
 */
export async function packingSlips(orderId: string | null): Promise<PackingSlips> {
  const payload = await payloadClient()
  const [band] = await query<{ name: string | null }>(payload, sql`SELECT name FROM band_profile LIMIT 1`)
  const rows = await query<SlipRow>(
    payload,
    sql`SELECT o.id, o.customer_name, o.shipping_address,
        COALESCE((SELECT json_agg(json_build_object('name', i.product_name, 'option', i.option_name, 'value', i.option_value,
            'quantity', i.quantity) ORDER BY i.created_at, i.id) FROM order_items i
          WHERE i.order_id_id = o.id AND i.release_id IS NULL), '[]'::json) AS items
      FROM orders o
      WHERE ${orderId ? sql`o.id = ${orderId}` : sql`o.status = 'paid' AND ${SHIPS}`}
      ORDER BY o.created_at, o.id`,
  )
  if (orderId && rows.length === 0) throw notFound('Order not found')
  const slips = rows.map((r) => {
    const a = r.shipping_address ?? {}
    const country = a.country && a.country !== 'US' ? countryName(a.country) : ''
    const addressLines = [
      r.customer_name,
      a.street,
      [a.city, a.state, a.zipCode ?? a.zip].filter(Boolean).join(', '),
      country,
    ]
      .filter(Boolean)
      .map((line) => String(line))
    return { orderId: r.id, addressLines, items: r.items }
  })
  return { bandName: band?.name?.trim() || null, slips }
}
