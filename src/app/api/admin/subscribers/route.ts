import { listQuerySchema } from '@/lib/schemas/lists'
import { EDITORS } from '@/platform/access/roles'
import { parseListQuery } from '@/platform/db/paging'
import { pageResponse } from '@/platform/http/paging'
import { listSubscribersPage } from '@/modules/newsletter/server/subscribers'
import { requireRole } from '@/platform/http/auth'
import { handle } from '@/platform/http'

/**
 * Subscribers newest first, a page at a time: ?limit, ?cursor, ?q (email prefix); the total in
 * X-Total-Count, the confirmed ones of it in X-Confirmed-Count.
 */
export const GET = handle(async (request: Request) => {
  await requireRole(request, EDITORS)
  return pageResponse(request, await listSubscribersPage(parseListQuery(request, listQuerySchema)))
})
