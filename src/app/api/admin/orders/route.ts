import { orderListQuerySchema } from '@/lib/schemas/lists'
import { TEAM } from '@/access/roles'
import { listOrdersPage } from '@/server/admin/orderList'
import { parseListQuery } from '@/server/admin/paging'
import { pageResponse } from '@/server/http/paging'
import { requireRole } from '@/server/auth'
import { handle } from '@/server/http'

/**
 * Orders newest first with their items, a page at a time: ?limit (default 50, at most 200),
 * ?cursor from the Link rel="next" header, ?q (name, email or order number prefix), ?status.
 * The total matching is in X-Total-Count.
 */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  return pageResponse(request, await listOrdersPage(parseListQuery(request, orderListQuerySchema)))
})
