import { inviteSchema } from '@/modules/team/contract/users'
import { inviteUser } from '@/modules/team/server/users'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const owner = await requireRole(request, ['owner'])
  const { email, role } = await readJson(request, inviteSchema)
  return json(await inviteUser(owner, email, role), 201)
})
