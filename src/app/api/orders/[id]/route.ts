import { currentUser } from '@/platform/http/auth'
import { isBound } from '@/modules/shop/server/checkoutSession'
import { notFound } from '@/platform/errors'
import { handle, json, parseId } from '@/platform/http'
import { findOrder } from '@/modules/shop/server/orders'
import { payloadClient } from '@/platform/db/payload'

/** An order's status, for the browser it is bound to or a team member; 404 for anyone else. */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const id = parseId((await params).id, 'Order not found')
  if (!isBound(request, id) && !(await currentUser(request))) throw notFound('Order not found')
  const order = await findOrder(await payloadClient(), id)
  if (!order) throw notFound('Order not found')
  return json({ id: order.id, status: order.status })
})
