import { EDITORS } from '@/server/admin/crud'
import { listSubscribers } from '@/server/admin/subscribers'
import { requireRole } from '@/server/auth'
import { handle, json } from '@/server/http'

export const GET = handle(async (request: Request) => json(await listSubscribers(await requireRole(request, EDITORS))))
