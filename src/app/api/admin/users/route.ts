import { EDITORS } from '@/access/roles'
import { listUsers } from '@/server/admin/users'
import { requireRole } from '@/server/auth'
import { handle, json } from '@/server/http'

export const GET = handle(async (request: Request) => json(await listUsers(await requireRole(request, EDITORS))))
