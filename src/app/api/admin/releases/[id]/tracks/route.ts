import { serializeTrack, trackCreateSchema } from '@/modules/music/contract/track'
import { addTrack } from '@/modules/music/server/teamTracks'
import { EDITORS } from '@/platform/access/roles'
import { findOr404 } from '@/platform/db/crud'
import { payloadClient } from '@/platform/db/payload'
import { handle, json, parseId, readJson } from '@/platform/http'
import { requireRole } from '@/platform/http/auth'
import { assertSameOrigin } from '@/platform/http/origin'

type Context = { params: Promise<{ id: string }> }

/** `{title, audioURL}`: adds a track from an uploaded audio master; it answers `processing` (201). */
export const POST = handle(async (request: Request, { params }: Context) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Release not found')
  await findOr404('releases', id, 'Release not found')
  const input = await readJson(request, trackCreateSchema)
  return json(serializeTrack(await addTrack(await payloadClient(), id, input)), 201)
})
