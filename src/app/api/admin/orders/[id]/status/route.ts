import { orderStatusSchema } from '@/modules/team/contract/users'
import { EDITORS } from '@/platform/access/roles'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { transitionOrderStatus } from '@/modules/shop/server/orders'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'

/**
 * Fulfilment: paid → shipped → completed, each move once (409 otherwise). Marking an order shipped
 * queues the customer's "your order has shipped" email, with the optional carrier and tracking number.
 */
export const PUT = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Order not found')
  const { status, carrier, trackingNumber } = await readJson(request, orderStatusSchema)
  return json(await transitionOrderStatus(await payloadClient(), id, status, undefined, { carrier, trackingNumber }))
})
