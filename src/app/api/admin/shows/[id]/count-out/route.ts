import { EDITORS } from '@/access/roles'
import { countOutSchema } from '@/lib/schemas/till'
import { requireRole } from '@/server/auth'
import { handle, json, parseId, readJson } from '@/server/http'
import { countOut } from '@/server/merch/counts'
import { assertSameOrigin } from '@/server/origin'

type Params = { params: Promise<{ id: string }> }

/** What is left in the box, back to the shop's stock, and the cash counted (owner and manager). */
export const PUT = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const showId = parseId((await params).id, 'Show not found')
  const { lines, cashCounted } = await readJson(request, countOutSchema)
  return json(await countOut(showId, lines, cashCounted))
})
