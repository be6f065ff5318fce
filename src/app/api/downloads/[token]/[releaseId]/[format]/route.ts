import { downloadZip } from '@/modules/music/server/downloadZip'
import { RELEASE_NOT_FOUND } from '@/modules/music/server/downloads'
import { handle, parseId } from '@/platform/http'

export const dynamic = 'force-dynamic'

type Context = { params: Promise<{ token: string; releaseId: string; format: string }> }

/** A release's zip in one format through a download link, with Range; counted once per transfer. */
export const GET = handle(async (request: Request, { params }: Context) => {
  const { token, releaseId, format } = await params
  return downloadZip(request, token, parseId(releaseId, RELEASE_NOT_FOUND), format)
})
