import 'server-only'

import { parseRange } from '@/platform/http/range'
import { objectStore } from '@/platform/storage'

/** A stored object a fan downloads: where it is, how long, its type and the name it is saved under. */
export type StoredDownload = { key: string; size: number; type: string; fileName: string }

/** The body's length: the server drops a route's Content-Length, so the launcher's request hook restores it from X-Body-Length. */
const bodyLength = (bytes: number) => ({ 'Content-Length': String(bytes), 'X-Body-Length': String(bytes) })

/** `filename` for old clients (ASCII only), `filename*` with the exact name. */
const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`

/**
 * Streams a stored download as an attachment with its length; one `Range` of bytes answers 206
 * (a range it cannot serve, 416). A transfer from the first byte calls `count` first (which may
 * refuse it by throwing). Null when the object is gone from storage.
 */
export async function sendStoredDownload(
  request: Request,
  file: StoredDownload,
  count: () => Promise<void>,
): Promise<Response | null> {
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Content-Disposition': attachment(file.fileName),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-store',
    'X-Content-Type-Options': 'nosniff',
  }
  const range = parseRange(request.headers.get('range'), file.size)
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${file.size}` } })
  if (!range || range.start === 0) await count()
  const opened = await objectStore().open(file.key, range ?? undefined)
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
