import 'server-only'

import { payloadClient } from '@/platform/db/payload'
import { notFound } from '@/platform/errors'
import { objectStore } from '@/platform/storage'
import { attachmentResponse } from '@/platform/storage/attachment'

import { countDownload, formatOf, linkRelease } from './downloads'
import { instantTrack } from './instantTracks'
import { fileNameOf } from './releaseZips'
import { RENDITION_OF, renditionKey, RENDITIONS } from './renditions'
import { TRACK_NOT_FOUND } from './tracks'

/**
 * `GET /api/downloads/{token}/{releaseId}/tracks/{trackId}/{format}`: an instant track of a release
 * the link gives (a pre-order too), alone, as its MP3 320 or FLAC rendition named "Band - Track.mp3";
 * with Range as a zip. A track not instant, not ready or of another release is 404. A transfer from
 * the first byte counts one download of the release, so the release's limit bounds these too.
 */
export async function downloadTrack(
  request: Request,
  token: string,
  releaseId: string,
  trackId: string,
  format: string,
): Promise<Response> {
  const payload = await payloadClient()
  const trackFormat = formatOf(format)
  if (!trackFormat) throw notFound(TRACK_NOT_FOUND)
  const { link } = await linkRelease(payload, token, releaseId, true)
  const track = await instantTrack(payload, releaseId, trackId)
  if (!track) throw notFound(TRACK_NOT_FOUND)
  const rendition = RENDITION_OF[trackFormat]
  const key = renditionKey(track.id, rendition)
  const info = await objectStore().stat(key)
  if (!info) throw notFound(TRACK_NOT_FOUND)
  const band = (await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true })).name ?? ''
  const fileName = `${fileNameOf(band ? `${band} - ${track.title}` : track.title)}.${RENDITIONS[rendition].ext}`
  const sent = await attachmentResponse(
    request,
    { key, size: info.size, contentType: RENDITIONS[rendition].type, fileName },
    () => countDownload(payload, link.id, releaseId),
  )
  if (!sent) throw notFound(TRACK_NOT_FOUND)
  return sent
}
