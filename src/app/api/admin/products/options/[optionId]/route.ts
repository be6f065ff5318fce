import { EDITORS } from '@/access/roles'
import { deleteOption } from '@/server/admin/productOptions'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

export const DELETE = handle(async (request: Request, { params }: { params: Promise<{ optionId: string }> }) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).optionId, 'Option not found')
  await deleteOption(user, id)
  return json({ id, deleted: true })
})
