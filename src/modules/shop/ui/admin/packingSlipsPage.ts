import type { PackingSlip, PackingSlips } from '@/modules/shop/contract/packingSlips'
import { escapeHtml } from '@/lib/escapeHtml'

function slipHtml(slip: PackingSlip, bandName: string): string {
  const address = slip.addressLines.map(escapeHtml).join('<br>')
  const items = slip.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.name ?? 'Item')}</td><td>${i.option && i.value ? `${escapeHtml(i.option)}: ${escapeHtml(i.value)}` : ''}</td><td class="qty">${Number(i.quantity)}</td></tr>`,
    )
    .join('')
  return `<article class="slip"><header><h1>${bandName}</h1><p>Order #${escapeHtml(slip.orderId.slice(0, 8))}</p></header>
<h2>Ship to</h2><p class="address">${address}</p>
<table><thead><tr><th>Item</th><th>Size</th><th class="qty">Quantity</th></tr></thead><tbody>${items}</tbody></table></article>`
}

/**
 * A print-ready page of packing slips, one order per printed page: the band's name, the order
 * number, the address, and the items with their size and quantity.
 */
export function packingSlipsPage({ bandName, slips }: PackingSlips): string {
  const band = escapeHtml(bandName || 'Band Name')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Packing slips · ${band}</title>
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
<p class="toolbar">${slips.length} packing ${slips.length === 1 ? 'slip' : 'slips'}. Print this page: one order per page.</p>
${slips.map((slip) => slipHtml(slip, band)).join('\n') || '<p class="slip">No paid orders are waiting to ship.</p>'}
</body></html>`
}
