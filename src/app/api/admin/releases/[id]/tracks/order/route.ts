import { serializeTrack, trackOrderSchema } from '@/modules/music/contract/track'
import { reorderTracks } from '@/modules/music/server/tracks'
import { EDITORS } from '@/platform/access/roles'
import { findOr404 } from '@/platform/db/crud'
import { payloadClient } from '@/platform/db/payload'
import { handle, json, parseId, readJson } from '@/platform/http'
import { requireRole } from '@/platform/http/auth'
import { assertSameOrigin } from '@/platform/http/origin'

type Context = { params: Promise<{ id: string }> }

/** `{trackIds}`: every track of the release in its new order; answers the tracks in that order. */
export const PUT = handle(async (request: Request, { params }: Context) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Release not found')
  await findOr404('releases', id, 'Release not found')
  const { trackIds } = await readJson(request, trackOrderSchema)
  const tracks = await reorderTracks(await payloadClient(), id, trackIds)
  return json(tracks.map(serializeTrack))
})
