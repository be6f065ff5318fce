import { EDITORS } from '@/access/roles'
import { countInSchema } from '@/lib/schemas/till'
import { requireRole } from '@/server/auth'
import { handle, json, parseId, readJson } from '@/server/http'
import { countIn } from '@/server/merch/counts'
import { assertSameOrigin } from '@/server/origin'

type Params = { params: Promise<{ id: string }> }

/** What goes into the show's box, taken from the shop's stock (owner and manager). */
export const PUT = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const showId = parseId((await params).id, 'Show not found')
  const { lines } = await readJson(request, countInSchema)
  return json(await countIn(showId, lines))
})
