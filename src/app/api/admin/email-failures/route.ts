import { listFailedEmails } from '@/platform/email/failures'
import { requireRole } from '@/platform/http/auth'
import { handle, json } from '@/platform/http'

export const GET = handle(async (request: Request) => {
  await requireRole(request, ['owner'])
  return json(await listFailedEmails())
})
