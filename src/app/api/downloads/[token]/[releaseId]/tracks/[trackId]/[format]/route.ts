import { RELEASE_NOT_FOUND } from '@/modules/music/server/downloads'
import { downloadTrack } from '@/modules/music/server/trackDownload'
import { TRACK_NOT_FOUND } from '@/modules/music/server/tracks'
import { handle, parseId } from '@/platform/http'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ token: string; releaseId: string; trackId: string; format: string }> }

/** A pre-order's instant track in one format through a download link, with Range; counted once per transfer. */
export const GET = handle(async (request: Request, { params }: Context) => {
  const { token, releaseId, trackId, format } = await params
  return downloadTrack(request, token, parseId(releaseId, RELEASE_NOT_FOUND), parseId(trackId, TRACK_NOT_FOUND), format)
})
