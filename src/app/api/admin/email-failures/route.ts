import { listFailedEmails } from '@/server/admin/emailFailures'
import { requireRole } from '@/server/auth'
import { handle, json } from '@/server/http'

export const GET = handle(async (request: Request) => {
  await requireRole(request, ['owner'])
  return json(await listFailedEmails())
})
