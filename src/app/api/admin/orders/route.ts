import { orderListQuerySchema } from '@/modules/shop/contract/orderList'
import { TEAM } from '@/platform/access/roles'
import { listOrdersPage } from '@/modules/shop/server/admin/orderList'
import { parseListQuery } from '@/platform/db/paging'
import { pageResponse } from '@/platform/http/paging'
import { requireRole } from '@/platform/http/auth'
import { handle } from '@/platform/http'

/**
 * Orders newest first with their items, a page at a time: ?limit (default 50, at most 200),
 * ?cursor from the Link rel="next" header, ?q (name, email or order number prefix), ?status.
 * The total matching is in X-Total-Count.
 */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  return pageResponse(request, await listOrdersPage(parseListQuery(request, orderListQuerySchema)))
})
