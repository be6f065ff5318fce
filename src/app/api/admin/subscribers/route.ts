import { listQuerySchema } from '@/lib/schemas/lists'
import { EDITORS } from '@/access/roles'
import { parseListQuery } from '@/server/admin/paging'
import { pageResponse } from '@/server/http/paging'
import { listSubscribersPage } from '@/server/admin/subscribers'
import { requireRole } from '@/server/auth'
import { handle } from '@/server/http'

/**
 * Subscribers newest first, a page at a time: ?limit, ?cursor, ?q (email prefix); the total in
 * X-Total-Count, the confirmed ones of it in X-Confirmed-Count.
 */
export const GET = handle(async (request: Request) => {
  await requireRole(request, EDITORS)
  return pageResponse(request, await listSubscribersPage(parseListQuery(request, listQuerySchema)))
})
