import { h } from './dom'
import type { LocalSale } from './store'

/** A CSV cell, quoted when needed; text a spreadsheet would run as a formula is kept as text. */
function cell(v: unknown) {
  const text = String(v ?? '')
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** Downloads this phone's sales as CSV, sent or not. */
export function downloadCsv(sales: LocalSale[]) {
  const rows = [['Sale id', 'Time', 'State', 'Payment', 'Items', 'Total', 'Discount', 'Reason', 'Voided']]
  for (const s of sales) {
    rows.push([
      s.id,
      s.body.at,
      s.state === 'refused' ? `refused: ${s.message ?? ''}` : s.state,
      s.body.comp ? 'comp' : s.body.payment,
      s.titles.join('; '),
      s.total,
      s.body.discount?.amount ?? '',
      s.body.discount?.reason ?? s.body.comp?.reason ?? '',
      s.voided ? 'yes' : '',
    ])
  }
  const blob = new Blob(['\uFEFF' + rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n'], {
    type: 'text/csv;charset=utf-8',
  })
  const link = h('a', {
    href: URL.createObjectURL(blob),
    download: `till-sales-${new Date().toISOString().slice(0, 10)}.csv`,
  })
  document.body.append(link)
  link.click()
  link.remove()
}
