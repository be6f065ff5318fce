import { orderStatusSchema } from '@/lib/schemas/users'
import { EDITORS } from '@/server/admin/crud'
import { advanceOrderStatus } from '@/server/admin/orders'
import { notifyOrderShipped } from '@/server/admin/notifications'
import { requireRole } from '@/server/auth'
import { handle, json, parseId, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

/** Fulfilment: paid → shipped → completed. The customer is emailed when the order ships. */
export const PUT = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Order not found')
  const { status } = await readJson(request, orderStatusSchema)
  const order = await advanceOrderStatus(id, status)
  if (status === 'shipped') await notifyOrderShipped(order)
  return json({ id: order.id, status: order.status })
})
