import { EDITORS } from '@/platform/access/roles'
import { countInSchema } from '@/modules/merchTable/contract/till'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { countIn } from '@/modules/merchTable/server/counts'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ id: string }> }

/** What goes into the show's box, taken from the shop's stock (owner and manager). */
export const PUT = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const showId = parseId((await params).id, 'Show not found')
  const { lines } = await readJson(request, countInSchema)
  return json(await countIn(showId, lines))
})
