import 'server-only'

import { payloadClient } from '@/platform/db/payload'
import { notFound, unavailable } from '@/platform/errors'
import { attachmentResponse } from '@/platform/storage/attachment'

import { countDownload, formatOf, linkRelease, RELEASE_NOT_FOUND } from './downloads'
import { prepareZip, storedZip } from './releaseZips'

export const BEING_PREPARED = 'Your download is being prepared. Please try again in a minute.'

/**
 * `GET /api/downloads/{token}/{releaseId}/{format}`: the release's zip in that format, with its
 * length and "Band - Title (MP3 320).zip" as its name, streamed from storage or (behind the shipped
 * nginx, files on local disk) sent by nginx; one `Range` of bytes answers 206 (a range it cannot
 * serve, 416). A transfer from the first byte counts one download (410 past the limit); a zip not
 * made yet answers 503 "being prepared" and starts it. A pre-order not out yet has no zip (404).
 */
export async function downloadZip(
  request: Request,
  token: string,
  releaseId: string,
  format: string,
): Promise<Response> {
  const payload = await payloadClient()
  const zipFormat = formatOf(format)
  if (!zipFormat) throw notFound(RELEASE_NOT_FOUND)
  const { link } = await linkRelease(payload, token, releaseId)
  const zip = await storedZip(payload, releaseId, zipFormat)
  const sent = zip
    ? await attachmentResponse(
        request,
        { key: zip.key, size: zip.size, fileName: zip.fileName, contentType: 'application/zip' },
        () => countDownload(payload, link.id, releaseId),
      )
    : null
  if (sent) return sent
  prepareZip(payload, releaseId, zipFormat)
  throw unavailable(BEING_PREPARED, 30)
}
