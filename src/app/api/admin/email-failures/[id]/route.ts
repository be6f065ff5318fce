import { dismissFailedEmail } from '@/platform/email/failures'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

export const DELETE = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, ['owner'])
  const id = parseId((await params).id, 'Failed email not found')
  await dismissFailedEmail(id)
  return json({ id, deleted: true })
})
