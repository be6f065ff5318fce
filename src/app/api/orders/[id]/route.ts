import { currentUser } from '@/server/auth'
import { isBound } from '@/server/checkoutSession'
import { notFound } from '@/server/errors'
import { handle, json, parseId } from '@/server/http'
import { findOrder } from '@/server/orders'
import { payloadClient } from '@/server/payload'

/** An order's status, for the browser it is bound to or a team member; 404 for anyone else. */
export const GET = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const id = parseId((await params).id, 'Order not found')
  if (!isBound(request, id) && !(await currentUser(request))) throw notFound('Order not found')
  const order = await findOrder(await payloadClient(), id)
  if (!order) throw notFound('Order not found')
  return json({ id: order.id, status: order.status })
})
