import { bandProfileSchema } from '@/lib/schemas/bandProfile'
import { readBandProfile, saveBandProfile } from '@/server/admin/settings'
import { EDITORS, TEAM } from '@/access/roles'
import { loadedVersionOf } from '@/server/admin/version'
import { requireRole } from '@/server/auth'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

export const GET = handle(async (request: Request) => json(await readBandProfile(await requireRole(request, TEAM))))

export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const input = await readJson(request, bandProfileSchema)
  return json(await saveBandProfile(user, input, loadedVersionOf(request, input.updatedAt)))
})
