import { TEAM } from '@/platform/access/roles'
import { showSlugBase } from '@/modules/shows/contract/showSlug'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId } from '@/platform/http'
import { csvStreamResponse } from '@/platform/http/csv'
import { settlement, settlementRows } from '@/modules/merchTable/server/settlement'

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
