import { streamTrack } from '@/modules/music/server/streamTrack'
import { TRACK_NOT_FOUND } from '@/modules/music/server/tracks'
import { payloadClient } from '@/platform/db/payload'
import { handle, parseId } from '@/platform/http'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ id: string; trackId: string }> }

/** A ready track's stream (the whole track or a 30-second preview, as the band chose), with Range. */
export const GET = handle(async (request: Request, { params }: Context) => {
  const { id, trackId } = await params
  return streamTrack(
    await payloadClient(),
    request,
    parseId(id, 'Release not found'),
    parseId(trackId, TRACK_NOT_FOUND),
  )
})
