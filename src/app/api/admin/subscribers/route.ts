import { listQuerySchema } from '@/lib/schemas/lists'
import { EDITORS } from '@/server/admin/crud'
import { pageResponse, parseListQuery } from '@/server/admin/paging'
import { listSubscribersPage } from '@/server/admin/subscribers'
import { requireRole } from '@/server/auth'
import { handle } from '@/server/http'

/** Subscribers newest first, a page at a time: ?limit, ?cursor, ?q (email prefix); the total in X-Total-Count. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, EDITORS)
  return pageResponse(request, await listSubscribersPage(parseListQuery(request, listQuerySchema)))
})
