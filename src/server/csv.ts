/**
 * CSV per RFC 4180 (CRLF line ends, fields quoted when they hold a quote, comma or line break),
 * with a UTF-8 byte-order mark so spreadsheet programs read accents right. Cells that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) are prefixed with a quote.
 */
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(header: string[], rows: unknown[][]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** A CSV download named `<base>-YYYY-MM-DD.csv` (today, UTC). */
export function csvResponse(base: string, csv: string): Response {
  const date = new Date().toISOString().slice(0, 10)
  return new Response(csv, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${base}-${date}.csv"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
