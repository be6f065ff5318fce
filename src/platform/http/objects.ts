import 'server-only'

import { FILE_CONTENT_SECURITY_POLICY } from '@/platform/http/securityHeaders'

import { isContentAddressed, isObjectKey } from '@/platform/storage/keys'
import { objectStore } from '@/platform/storage/index'
import { detectImageType, SNIFF_BYTES } from '@/platform/storage/imageType'
import { peek } from '@/platform/storage/stream'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHORT = 'public, max-age=3600'
// Fresh uploads are not yet filed and may be anyone's: no shared cache keeps them.
const UPLOAD = 'private, no-store'

const notFound = () =>
  new Response('Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
  })

/** Whether an If-None-Match header names this ETag (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

/**
 * Answers `GET /objects/<key>` from disk or the bucket. Only keys the server itself makes are
 * looked up (no `..`, absolute or encoded paths). The Content-Type comes from the file's own
 * bytes: an image is served as that image, anything else only as a download.
 */
export async function serveObject(request: Request, segments: readonly string[], withBody: boolean): Promise<Response> {
  const key = segments.join('/')
  if (!isObjectKey(key) || segments.some((s) => s === '' || s === '.' || s === '..')) return notFound()
  const cacheControl = isContentAddressed(key) ? IMMUTABLE : key.startsWith('uploads/') ? UPLOAD : SHORT

  // One read per request: the object's headers come with its body, which is dropped for a 304.
  const opened = await objectStore().open(key)
  if (!opened) return notFound()
  const { info } = opened
  const common: Record<string, string> = {
    ETag: info.etag,
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': FILE_CONTENT_SECURITY_POLICY,
  }
  if (info.lastModified) common['Last-Modified'] = info.lastModified.toUTCString()
  if (matches(request.headers.get('if-none-match'), info.etag)) {
    await opened.body.cancel()
    return new Response(null, { status: 304, headers: common })
  }

  const { head, body } = await peek(opened.body, SNIFF_BYTES)
  const type = detectImageType(head)
  const headers: Record<string, string> = {
    ...common,
    'Content-Type': type?.mime ?? 'application/octet-stream',
    'Content-Length': String(info.size),
  }
  if (!type) headers['Content-Disposition'] = 'attachment'
  if (!withBody) {
    await body.cancel()
    return new Response(null, { status: 200, headers })
  }
  return new Response(body, { status: 200, headers })
}
