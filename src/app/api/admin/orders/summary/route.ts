import { TEAM } from '@/platform/access/roles'
import { ordersSummary } from '@/modules/shop/server/admin/orderSummary'
import { requireRole } from '@/platform/http/auth'
import { handle, json } from '@/platform/http'

/** The Orders overview: paid revenue per day (last 30 days), paid orders and revenue, top 5 products, low stock. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  return json(await ordersSummary())
})
