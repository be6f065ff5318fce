import { retryFailedEmail } from '@/server/admin/emailFailures'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, ['owner'])
  const id = parseId((await params).id, 'Failed email not found')
  await retryFailedEmail(id)
  return json({ id, queued: true })
})
