import type { Release } from '@/payload-types'
import { serializeRelease } from '@/modules/music/contract/serializers'
import { serializeTrack } from '@/modules/music/contract/track'
import { tracksOf } from '@/modules/music/server/tracks'
import { releases } from '@/app/api/admin/contentRoutes'
import { TEAM } from '@/platform/access/roles'
import { findOr404 } from '@/platform/db/crud'
import { payloadClient } from '@/platform/db/payload'
import { handle, json, parseId } from '@/platform/http'
import { requireRole } from '@/platform/http/auth'

type Context = { params: Promise<{ id: string }> }

/** One release, active or not, for the team, with its tracks in position order. */
export const GET = handle(async (request: Request, { params }: Context) => {
  await requireRole(request, TEAM)
  const id = parseId((await params).id, 'Release not found')
  const release = (await findOr404('releases', id, 'Release not found')) as Release
  const tracks = await tracksOf(await payloadClient(), release.id)
  return json({ ...serializeRelease(release), tracks: tracks.map(serializeTrack) })
})
export const PUT = releases.update
export const DELETE = releases.remove
