import 'server-only'

import { payloadClient } from '@/platform/db/payload'
import { notFound, unavailable } from '@/platform/errors'
import { parseRange } from '@/platform/http/range'
import { objectStore } from '@/platform/storage'

import { countDownload, formatOf, linkRelease, RELEASE_NOT_FOUND } from './downloads'
import { prepareZip, storedZip } from './releaseZips'

export const BEING_PREPARED = 'Your download is being prepared. Please try again in a minute.'

/** The body's length: the server drops a route's Content-Length, so the launcher's request hook restores it from X-Body-Length. */
const bodyLength = (bytes: number) => ({ 'Content-Length': String(bytes), 'X-Body-Length': String(bytes) })

/** `filename` for old clients (ASCII only), `filename*` with the exact name. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

/**
 * `GET /api/downloads/{token}/{releaseId}/{format}`: the release's zip in that format, streamed
 * from storage with its length and "Band - Title (MP3 320).zip" as its name; one `Range` of bytes
 * answers 206 (a range it cannot serve, 416). A transfer from the first byte counts one download
 * (410 past the limit); a zip not made yet answers 503 "being prepared" and starts it.
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
  if (!zip) {
    prepareZip(payload, releaseId, zipFormat)
    throw unavailable(BEING_PREPARED, 30)
  }
  const headers: Record<string, string> = {
    'Content-Type': 'application/zip',
    'Content-Disposition': attachment(zip.fileName),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  }
  const range = parseRange(request.headers.get('range'), zip.size)
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${zip.size}` } })
  if (!range || range.start === 0) await countDownload(payload, link.id, releaseId)
  const opened = await objectStore().open(zip.key, range ?? undefined)
  if (!opened) {
    prepareZip(payload, releaseId, zipFormat)
    throw unavailable(BEING_PREPARED, 30)
  }
  if (!range) return new Response(opened.body, { status: 200, headers: { ...headers, ...bodyLength(zip.size) } })
  return new Response(opened.body, {
    status: 206,
    headers: {
      ...headers,
      ...bodyLength(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${zip.size}`,
    },
  })
}
