import { bandProfileSchema } from '@/modules/site/contract/bandProfile'
import { readBandProfile, saveBandProfile } from '@/modules/site/server/settings'
import { EDITORS, TEAM } from '@/platform/access/roles'
import { loadedVersionOf } from '@/platform/db/version'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

export const GET = handle(async (request: Request) => json(await readBandProfile(await requireRole(request, TEAM))))

export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const input = await readJson(request, bandProfileSchema)
  return json(await saveBandProfile(user, input, loadedVersionOf(request, input.updatedAt)))
})
