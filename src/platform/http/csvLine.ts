/**
 * CSV per RFC 4180 (CRLF line ends, fields quoted when they hold a quote, comma or line break),
 * with a UTF-8 byte-order mark so spreadsheet programs read accents right. Cells that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) are prefixed with a quote.
 */
import 'server-only'

const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (row: unknown[]) => row.map(csvCell).join(',') + '\r\n'
