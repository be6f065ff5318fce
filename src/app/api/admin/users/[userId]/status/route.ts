import { statusSchema } from '@/modules/team/contract/users'
import { changeStatus } from '@/modules/team/server/users'
import { loadedVersionOf } from '@/platform/db/version'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

export const PUT = handle(async (request: Request, { params }: { params: Promise<{ userId: string }> }) => {
  assertSameOrigin(request)
  const owner = await requireRole(request, ['owner'])
  const id = parseId((await params).userId, 'User not found')
  const { isActive, updatedAt } = await readJson(request, statusSchema)
  return json(await changeStatus(owner, id, isActive, loadedVersionOf(request, updatedAt)))
})
