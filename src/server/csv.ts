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

const csvLine = (row: unknown[]) => row.map(csvCell).join(',') + '\r\n'

export function toCsv(header: string[], rows: unknown[][]): string {
  return '\uFEFF' + [header, ...rows].map(csvLine).join('')
}

const downloadHeaders = (base: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${base}-${new Date().toISOString().slice(0, 10)}.csv"`,
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
})

/** A CSV download named `<base>-YYYY-MM-DD.csv` (today, UTC). */
export function csvResponse(base: string, csv: string): Response {
  return new Response(csv, { headers: downloadHeaders(base) })
}

/**
 * The same download written batch by batch as the client reads it (the byte-order mark and the
 * header first), so a large export never sits whole in memory. A closed download stops the reading.
 */
export function csvStreamResponse(base: string, header: string[], batches: AsyncIterable<unknown[][]>): Response {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  let headerSent = false
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true
          controller.enqueue(encoder.encode('\uFEFF' + csvLine(header)))
          return
        }
        try {
          const { done, value } = await iterator.next()
          if (done) controller.close()
          else controller.enqueue(encoder.encode(value.map(csvLine).join('')))
        } catch (error) {
          console.error(`The ${base} export stopped:`, error)
          controller.error(error)
        }
      },
      async cancel() {
        await iterator.return?.()
      },
    },
    { highWaterMark: 1 },
  )
  return new Response(body, { headers: downloadHeaders(base) })
}
