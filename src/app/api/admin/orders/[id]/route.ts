import { EDITORS } from '@/access/roles'
import { deleteOrder } from '@/server/admin/orders'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

export const DELETE = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Order not found')
  await deleteOrder(user, id)
  return json({ id, deleted: true })
})
