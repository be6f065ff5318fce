import { EDITORS } from '@/platform/access/roles'
import { venueCutSchema } from '@/modules/merchTable/contract/till'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { setVenueCut } from '@/modules/merchTable/server/counts'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ id: string }> }

/** The venue's percent of the table's takings for this show (owner and manager). */
export const PUT = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const showId = parseId((await params).id, 'Show not found')
  const { percent } = await readJson(request, venueCutSchema)
  return json(await setVenueCut(showId, percent))
})
