import { EDITORS } from '@/access/roles'
import { venueCutSchema } from '@/lib/schemas/till'
import { requireRole } from '@/server/auth'
import { handle, json, parseId, readJson } from '@/server/http'
import { setVenueCut } from '@/server/merch/counts'
import { assertSameOrigin } from '@/server/origin'

type Params = { params: Promise<{ id: string }> }

/** The venue's percent of the table's takings for this show (owner and manager). */
export const PUT = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const showId = parseId((await params).id, 'Show not found')
  const { percent } = await readJson(request, venueCutSchema)
  return json(await setVenueCut(showId, percent))
})
