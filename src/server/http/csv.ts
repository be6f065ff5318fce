import 'server-only'

import { csvLine } from '../csv'

const downloadHeaders = (base: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${base}-${new Date().toISOString().slice(0, 10)}.csv"`,
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
})

/**
 * A CSV download named `<base>-YYYY-MM-DD.csv` (today, UTC), written batch by batch as the client reads it (the byte-order mark and the
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
