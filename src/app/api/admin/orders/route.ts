import { TEAM } from '@/server/admin/crud'
import { listOrders } from '@/server/admin/orders'
import { requireRole } from '@/server/auth'
import { handle, json } from '@/server/http'

export const GET = handle(async (request: Request) => json(await listOrders(await requireRole(request, TEAM))))
