import 'server-only'

import { csvLine } from './csvLine'

const downloadHeaders = (base: string) => ({
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': `attachment; filename="${base}-${new Date().toISOString().slice(0, 10)}.csv"`,
  'Cache-Control': 'private, no-store',
  'X-Content-Type-Options': 'nosniff',
})

/**
 * A CSV download named `<base>-YYYY-MM-DD.csv` (today, UTC), written batch by batch as the client reads it (the byte-order mark and the
 * header first), so a large export never sits whole in memory. A closed download stops the reading.
 * The first batch is read before the answer starts, so a query that fails answers its error
 * instead of a 200 that breaks off.
 */
export async function csvStreamResponse(
  base: string,
  header: string[],
  batches: AsyncIterable<unknown[][]>,
): Promise<Response> {
  const encoder = new TextEncoder()
  const iterator = batches[Symbol.asyncIterator]()
  let first: IteratorResult<unknown[][]> | null = await iterator.next()
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (first) {
          const { done, value } = first
          first = null
          controller.enqueue(encoder.encode('\uFEFF' + csvLine(header) + (done ? '' : value.map(csvLine).join(''))))
          if (done) controller.close()
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
