import { roleSchema } from '@/lib/schemas/users'
import { changeRole } from '@/server/admin/users'
import { loadedVersionOf } from '@/server/admin/version'
import { requireRole } from '@/server/auth'
import { handle, json, parseId, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

export const PUT = handle(async (request: Request, { params }: { params: Promise<{ userId: string }> }) => {
  assertSameOrigin(request)
  const owner = await requireRole(request, ['owner'])
  const id = parseId((await params).userId, 'User not found')
  const { role, updatedAt } = await readJson(request, roleSchema)
  return json(await changeRole(owner, id, role, loadedVersionOf(request, updatedAt)))
})
