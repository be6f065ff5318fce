import { EDITORS } from '@/access/roles'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { refundOrder } from '@/server/refunds'

/** Refunds a paid or shipped order in full through its payment provider (owner and manager). */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Order not found')
  return json(await refundOrder(await payloadClient(), id))
})
