import { TEAM } from '@/access/roles'
import { showSlugBase } from '@/lib/showSlug'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { csvStreamResponse } from '@/server/http/csv'
import { settlement, settlementRows } from '@/server/merch/settlement'

type Params = { params: Promise<{ id: string }> }

/** The show's settlement (team), as JSON or, with `?format=csv`, as a CSV download. */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRole(request, TEAM)
  const result = await settlement(parseId((await params).id, 'Show not found'))
  if (new URL(request.url).searchParams.get('format') !== 'csv') return json(result)
  async function* rows() {
    yield settlementRows(result)
  }
  return csvStreamResponse(
    `settlement-${showSlugBase(result.show.title, result.show.date)}`,
    ['Section', 'Item', 'Size', 'Quantity', 'Amount'],
    rows(),
  )
})
