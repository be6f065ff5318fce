import { TEAM } from '@/access/roles'
import { ordersSummary } from '@/server/admin/orderSummary'
import { requireRole } from '@/server/auth'
import { handle, json } from '@/server/http'

/** The Orders overview: paid revenue per day (last 30 days), paid orders and revenue, top 5 products, low stock. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  return json(await ordersSummary())
})
