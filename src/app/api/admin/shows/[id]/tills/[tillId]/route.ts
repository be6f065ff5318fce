import { EDITORS } from '@/access/roles'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { revokeTill } from '@/server/merch/tills'
import { assertSameOrigin } from '@/server/origin'

type Params = { params: Promise<{ id: string; tillId: string }> }

/** Revokes a till link at once (owner and manager); its sales stay. */
export const DELETE = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const { id, tillId } = await params
  return json(await revokeTill(parseId(id, 'Show not found'), parseId(tillId, 'Till link not found')))
})
