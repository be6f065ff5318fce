import { dismissFailedEmail } from '@/server/admin/emailFailures'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

export const DELETE = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, ['owner'])
  const id = parseId((await params).id, 'Failed email not found')
  await dismissFailedEmail(id)
  return json({ id, deleted: true })
})
