import { EDITORS } from '@/platform/access/roles'
import { countOutSchema } from '@/modules/merchTable/contract/till'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { countOut } from '@/modules/merchTable/server/counts'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ id: string }> }

/** What is left in the box, back to the shop's stock, and the cash counted (owner and manager). */
export const PUT = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const showId = parseId((await params).id, 'Show not found')
  const { lines, cashCounted } = await readJson(request, countOutSchema)
  return json(await countOut(showId, lines, cashCounted))
})
