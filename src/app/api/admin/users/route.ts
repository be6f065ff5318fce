import { EDITORS } from '@/platform/access/roles'
import { listUsers } from '@/modules/team/server/users'
import { requireRole } from '@/platform/http/auth'
import { handle, json } from '@/platform/http'

export const GET = handle(async (request: Request) => json(await listUsers(await requireRole(request, EDITORS))))
