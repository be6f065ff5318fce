import { roleSchema } from '@/modules/team/contract/users'
import { changeRole } from '@/modules/team/server/users'
import { loadedVersionOf } from '@/platform/db/version'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

export const PUT = handle(async (request: Request, { params }: { params: Promise<{ userId: string }> }) => {
  assertSameOrigin(request)
  const owner = await requireRole(request, ['owner'])
  const id = parseId((await params).userId, 'User not found')
  const { role, updatedAt } = await readJson(request, roleSchema)
  return json(await changeRole(owner, id, role, loadedVersionOf(request, updatedAt)))
})
