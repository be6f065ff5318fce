import { serializeTrack, trackUpdateSchema } from '@/modules/music/contract/track'
import { removeTrack } from '@/modules/music/server/teamTracks'
import { TRACK_NOT_FOUND, trackOf, updateTrack } from '@/modules/music/server/tracks'
import { EDITORS } from '@/platform/access/roles'
import { payloadClient } from '@/platform/db/payload'
import { handle, json, parseId, readJson } from '@/platform/http'
import { requireRole } from '@/platform/http/auth'
import { assertSameOrigin } from '@/platform/http/origin'

type Context = { params: Promise<{ id: string; trackId: string }> }

async function track(request: Request, params: Context['params']) {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const { id, trackId } = await params
  const payload = await payloadClient()
  return { payload, track: await trackOf(payload, parseId(id, TRACK_NOT_FOUND), parseId(trackId, TRACK_NOT_FOUND)) }
}

/** Changes a track's title, position (the others make room) or streaming. */
export const PUT = handle(async (request: Request, { params }: Context) => {
  const { payload, track: found } = await track(request, params)
  const change = await readJson(request, trackUpdateSchema)
  return json(serializeTrack(await updateTrack(payload, found, change)))
})

/** Deletes a track with its master and renditions. */
export const DELETE = handle(async (request: Request, { params }: Context) => {
  const { payload, track: found } = await track(request, params)
  await removeTrack(payload, found)
  return json({ id: found.id, deleted: true })
})
