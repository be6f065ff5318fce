import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { countryName } from '@/lib/countries'
import { escapeHtml } from '@/lib/escapeHtml'

import { notFound } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'

type SlipRow = {
  id: string
  customer_name: string | null
  shipping_address: Record<string, string> | null
  items: { name: string | null; option: string | null; value: string | null; quantity: number }[]
}

/**
 * A print-ready page of packing slips, one order per printed page: the band's name, the order
 * number, the address, and the items with their size and quantity. For one order (any status),
 * or for every paid order not yet shipped, oldest first.
 */
export async function packingSlipsPage(orderId: string | null): Promise<string> {
  const payload = await payloadClient()
  const [band] = await query<{ name: string | null }>(payload, sql`SELECT name FROM band_profile LIMIT 1`)
  const rows = await query<SlipRow>(
    payload,
    sql`SELECT o.id, o.customer_name, o.shipping_address,
        COALESCE((SELECT json_agg(json_build_object('name', i.product_name, 'option', i.option_name, 'value', i.option_value,
            'quantity', i.quantity) ORDER BY i.created_at, i.id) FROM order_items i WHERE i.order_id_id = o.id), '[]'::json) AS items
      FROM orders o
      WHERE ${orderId ? sql`o.id = ${orderId}` : sql`o.status = 'paid'`}
      ORDER BY o.created_at, o.id`,
  )
  if (orderId && rows.length === 0) throw notFound('Order not found')
  const bandName = escapeHtml(band?.name?.trim() || 'Band Name')
  const slips = rows.map((r) => {
    const a = r.shipping_address ?? {}
    const country = a.country && a.country !== 'US' ? countryName(a.country) : ''
    const address = [
      r.customer_name,
      a.street,
      [a.city, a.state, a.zipCode ?? a.zip].filter(Boolean).join(', '),
      country,
    ]
      .filter(Boolean)
      .map((line) => escapeHtml(String(line)))
      .join('<br>')
    const items = r.items
      .map(
        (i) =>
          `<tr><td>${escapeHtml(i.name ?? 'Item')}</td><td>${i.option && i.value ? `${escapeHtml(i.option)}: ${escapeHtml(i.value)}` : ''}</td><td class="qty">${Number(i.quantity)}</td></tr>`,
      )
      .join('')
    return `<article class="slip"><header><h1>${bandName}</h1><p>Order #${escapeHtml(r.id.slice(0, 8))}</p></header>
<h2>Ship to</h2><p class="address">${address}</p>
<table><thead><tr><th>Item</th><th>Size</th><th class="qty">Quantity</th></tr></thead><tbody>${items}</tbody></table></article>`
  })
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Packing slips · ${bandName}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;color:#000;background:#fff;margin:0}
.slip{padding:24px;max-width:720px;margin:0 auto}
.slip+.slip{border-top:1px dashed #999}
header{display:flex;justify-content:space-between;align-items:baseline}
h1{font-size:22px;margin:0}h2{font-size:15px;margin:16px 0 4px}
table{width:100%;border-collapse:collapse;margin-top:16px}th,td{text-align:left;border-bottom:1px solid #ccc;padding:6px 4px}
.qty{text-align:right}
.toolbar{padding:12px 24px;background:#eee}
@media print{.toolbar{display:none}.slip{break-after:page;page-break-after:always;max-width:none}.slip:last-child{break-after:auto;page-break-after:auto}.slip+.slip{border-top:0}}
</style></head><body>
<p class="toolbar">${rows.length} packing ${rows.length === 1 ? 'slip' : 'slips'}. Print this page: one order per page.</p>
${slips.join('\n') || '<p class="slip">No paid orders are waiting to ship.</p>'}
</body></html>`
}
