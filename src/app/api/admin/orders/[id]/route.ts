import { EDITORS } from '@/platform/access/roles'
import { deleteOrder } from '@/modules/shop/server/admin/orders'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

export const DELETE = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Order not found')
  await deleteOrder(user, id)
  return json({ id, deleted: true })
})
