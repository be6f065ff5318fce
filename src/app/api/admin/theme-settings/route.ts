import { themeUpdateSchema } from '@/lib/schemas/theme'
import { EDITORS, TEAM } from '@/access/roles'
import { readTheme, saveTheme } from '@/server/admin/settings'
import { loadedVersionOf } from '@/server/admin/version'
import { requireRole } from '@/server/auth'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

export const GET = handle(async (request: Request) => json(await readTheme(await requireRole(request, TEAM))))

export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const input = await readJson(request, themeUpdateSchema)
  return json(await saveTheme(user, input, loadedVersionOf(request, input.updatedAt)))
})
