import 'server-only'

import { parseRange } from '@/platform/http/range'

import { objectStore } from './index'

/**
 * The request header the shipped nginx sets (overwriting any a client sent) on the routes whose
 * answers it may serve from disk itself: with it, a stored file on local disk is answered with
 * `X-Accel-Redirect` and nginx sends the bytes (sendfile, its own Range handling) while the app
 * holds no stream at all.
 */
const SENDFILE_TYPE = 'x-sendfile-type'
const ACCEL_REDIRECT = 'X-Accel-Redirect'
/** nginx's internal location whose `alias` is the app's upload directory. */
export const ACCEL_FILES_PREFIX = '/_bandsite/files/'

export type StoredAttachment = { key: string; size: number; fileName: string; contentType: string }

/** `filename` for old clients (ASCII only), `filename*` with the exact name. */
export const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

/** The body's length: the server drops a route's Content-Length, so the launcher's request hook restores it from X-Body-Length. */
const bodyLength = (bytes: number) => ({ 'Content-Length': String(bytes), 'X-Body-Length': String(bytes) })

/**
 * Answers a stored file as a download named `fileName`: the whole file (200) or the one `Range`
 * of bytes asked (206; a range it cannot serve, 416). `beforeTransfer` runs before any transfer
 * from the first byte (a download is counted there and may be refused); a Range continuing one
 * does not run it. Behind the shipped nginx with the files on local disk, nginx sends the bytes
 * (`X-Accel-Redirect`); otherwise they are streamed from storage as the client takes them. Null
 * when the file is not in storage.
 */
export async function attachmentResponse(
  request: Request,
  file: StoredAttachment,
  beforeTransfer: () => Promise<void>,
): Promise<Response | null> {
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Content-Disposition': contentDisposition(file.fileName),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  }
  const range = parseRange(request.headers.get('range'), file.size)
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${file.size}` } })
  const store = objectStore()
  if (request.headers.get(SENDFILE_TYPE) === ACCEL_REDIRECT && store.kind === 'local') {
    if (!(await store.localPath?.(file.key))) return null
    if (!range || range.start === 0) await beforeTransfer()
    // nginx answers the Range itself from the file, keeping these headers.
    return new Response(null, { status: 200, headers: { ...headers, [ACCEL_REDIRECT]: ACCEL_FILES_PREFIX + file.key } })
  }
  if (!range || range.start === 0) await beforeTransfer()
  const opened = await store.open(file.key, range ?? undefined)
  if (!opened) return null
  if (!range) return new Response(opened.body, { status: 200, headers: { ...headers, ...bodyLength(file.size) } })
  return new Response(opened.body, {
    status: 206,
    headers: {
      ...headers,
      ...bodyLength(range.end - range.start + 1),
      'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`,
    },
  })
}
