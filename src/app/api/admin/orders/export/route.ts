import { orderListQuerySchema } from '@/modules/shop/contract/orderList'
import { EDITORS } from '@/platform/access/roles'
import { ORDER_EXPORT_HEADER, orderExportRows } from '@/modules/shop/server/admin/orderList'
import { parseListQuery } from '@/platform/db/paging'
import { requireRole } from '@/platform/http/auth'
import { csvStreamResponse } from '@/platform/http/csv'
import { handle } from '@/platform/http'

/** Every order matching the list's ?q, ?status and ?preorder, one row per item, streamed as it is read. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, EDITORS)
  const { q, status, preorder } = parseListQuery(request, orderListQuerySchema)
  return csvStreamResponse('orders', ORDER_EXPORT_HEADER, orderExportRows({ q, status, preorder }))
})
