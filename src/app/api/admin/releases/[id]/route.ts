import type { Release } from '@/payload-types'
import { serializeRelease } from '@/modules/music/contract/serializers'
import { releases } from '@/app/api/admin/contentRoutes'
import { TEAM } from '@/platform/access/roles'
import { findOr404 } from '@/platform/db/crud'
import { handle, json, parseId } from '@/platform/http'
import { requireRole } from '@/platform/http/auth'

type Context = { params: Promise<{ id: string }> }

/** One release, active or not, for the team. */
export const GET = handle(async (request: Request, { params }: Context) => {
  await requireRole(request, TEAM)
  const id = parseId((await params).id, 'Release not found')
  const release = (await findOr404('releases', id, 'Release not found')) as Release
  return json(serializeRelease(release))
})
export const PUT = releases.update
export const DELETE = releases.remove
