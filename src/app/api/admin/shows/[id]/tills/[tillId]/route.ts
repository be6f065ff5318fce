import { EDITORS } from '@/platform/access/roles'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId } from '@/platform/http'
import { revokeTill } from '@/modules/merchTable/server/tills'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ id: string; tillId: string }> }

/** Revokes a till link at once (owner and manager); its sales stay. */
export const DELETE = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const { id, tillId } = await params
  return json(await revokeTill(parseId(id, 'Show not found'), parseId(tillId, 'Till link not found')))
})
