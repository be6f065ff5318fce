import { EDITORS } from '@/platform/access/roles'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { refundOrder } from '@/modules/shop/server/refunds'

/** Refunds a paid or shipped order in full through its payment provider (owner and manager). */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Order not found')
  return json(await refundOrder(await payloadClient(), id))
})
