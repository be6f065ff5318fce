import { themeUpdateSchema } from '@/modules/site/contract/theme'
import { EDITORS, TEAM } from '@/platform/access/roles'
import { readTheme, saveTheme } from '@/modules/site/server/settings'
import { loadedVersionOf } from '@/platform/db/version'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

export const GET = handle(async (request: Request) => json(await readTheme(await requireRole(request, TEAM))))

export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const input = await readJson(request, themeUpdateSchema)
  return json(await saveTheme(user, input, loadedVersionOf(request, input.updatedAt)))
})
