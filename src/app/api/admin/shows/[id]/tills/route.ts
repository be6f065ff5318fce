import { EDITORS, TEAM } from '@/platform/access/roles'
import { tillCreateSchema } from '@/modules/merchTable/contract/till'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { createTill, findShow, listTills } from '@/modules/merchTable/server/tills'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ id: string }> }

/** The show's till links (team); their tokens are never shown again. */
export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRole(request, TEAM)
  const show = await findShow(parseId((await params).id, 'Show not found'))
  return json(await listTills(show.id))
})

/** A new till link for the show (owner and manager): `{ id, url, token, expiresAt }`. */
export const POST = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const showId = parseId((await params).id, 'Show not found')
  const { expiresAt } = await readJson(request, tillCreateSchema)
  const till = await createTill(user, showId, expiresAt)
  return json({ id: till.id, url: till.url, token: till.token, expiresAt: till.expiresAt }, 201)
})
