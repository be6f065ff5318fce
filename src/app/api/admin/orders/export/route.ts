import { orderListQuerySchema } from '@/lib/schemas/lists'
import { EDITORS } from '@/access/roles'
import { ORDER_EXPORT_HEADER, orderExportRows } from '@/server/admin/orderList'
import { parseListQuery } from '@/server/admin/paging'
import { requireRole } from '@/server/auth'
import { csvStreamResponse } from '@/server/http/csv'
import { handle } from '@/server/http'

/** Every order matching the list's ?q, ?status and ?preorder, one row per item, streamed as it is read. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, EDITORS)
  const { q, status, preorder } = parseListQuery(request, orderListQuerySchema)
  return csvStreamResponse('orders', ORDER_EXPORT_HEADER, orderExportRows({ q, status, preorder }))
})
