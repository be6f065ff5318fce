import type { Release } from '@/payload-types'
import { serializeRelease } from '@/modules/music/contract/serializers'
import { serializeTrack } from '@/modules/music/contract/track'
import { missingAudioTools } from '@/modules/music/server/audioTools'
import { statsOfRelease } from '@/modules/music/server/stats'
import { tracksOf } from '@/modules/music/server/tracks'
import { releases } from '@/app/api/admin/contentRoutes'
import { TEAM } from '@/platform/access/roles'
import { findOr404 } from '@/platform/db/crud'
import { payloadClient } from '@/platform/db/payload'
import { handle, json, parseId } from '@/platform/http'
import { requireRole } from '@/platform/http/auth'

type Context = { params: Promise<{ id: string }> }

/**
 * One release, active or not, for the team, with its tracks in position order, its figures
 * (sales, revenue in cents, downloads, plays) and `audioTools`: `missing` names the audio programs
 * the server lacks (then uploaded tracks cannot be processed).
 */
export const GET = handle(async (request: Request, { params }: Context) => {
  await requireRole(request, TEAM)
  const id = parseId((await params).id, 'Release not found')
  const release = (await findOr404('releases', id, 'Release not found')) as Release
  const payload = await payloadClient()
  const [tracks, stats] = await Promise.all([tracksOf(payload, release.id), statsOfRelease(payload, release.id)])
  const { releaseId: _, ...figures } = stats
  return json({
    ...serializeRelease(release),
    tracks: tracks.map(serializeTrack),
    stats: figures,
    audioTools: { missing: missingAudioTools() },
  })
})
export const PUT = releases.update
export const DELETE = releases.remove
