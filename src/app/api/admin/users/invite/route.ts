import { inviteSchema } from '@/lib/schemas/users'
import { inviteUser } from '@/server/admin/users'
import { requireRole } from '@/server/auth'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const owner = await requireRole(request, ['owner'])
  const { email, role } = await readJson(request, inviteSchema)
  return json(await inviteUser(owner, email, role), 201)
})
