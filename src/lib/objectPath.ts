import { z } from 'zod'

import { UUID_SOURCE } from './ids'

/**
 * Paths of stored files as the site shows them: `/objects/<key>`. Keys are chosen by the server:
 * `uploads/<uuid>` for a fresh upload, `media/<name>` for a file filed in the media collection.
 */
export const OBJECTS_PREFIX = '/objects/'

const UUID = UUID_SOURCE
const UPLOAD_KEY = new RegExp(`^uploads/(${UUID})$`)
const MEDIA_KEY = /^media\/[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/
// A local upload URL (/api/objects/put/<id>/<expires>/<signature>) or a presigned bucket URL (…/uploads/<id>).
const LOCAL_UPLOAD_URL = new RegExp(`^/api/objects/put/(${UUID})/\\d+/[A-Za-z0-9_-]+$`)
const BUCKET_UPLOAD_URL = new RegExp(`/uploads/(${UUID})$`)

/** Whether `key` is a key the server could have made (no `..`, no absolute or user-chosen paths). */
export function isObjectKey(key: string): boolean {
  return key.length <= 300 && (UPLOAD_KEY.test(key) || MEDIA_KEY.test(key))
}

/**
 * Keys of files no public address serves: an audio master (`masters/<uuid>`), the renditions
 * made from it (`renditions/<track uuid>/<name>.<mp3|flac>`) and a release's download zips
 * (`downloads/<release uuid>/<format>-<fingerprint>.zip`).
 */
const MASTER_KEY = new RegExp(`^masters/(${UUID})$`)
const RENDITION_KEY = new RegExp(`^renditions/${UUID}/[a-z0-9]{1,20}\\.(mp3|flac)$`)
const DOWNLOAD_KEY = new RegExp(`^downloads/${UUID}/(mp3-320|flac)-[0-9a-f]{64}\\.zip$`)
export const isPrivateKey = (key: string): boolean =>
  key.length <= 300 && (MASTER_KEY.test(key) || RENDITION_KEY.test(key) || DOWNLOAD_KEY.test(key))

// A local audio upload URL (/api/objects/put/audio/<id>/<expires>/<signature>), a presigned
// bucket URL (…/masters/<id>) or the upload's own path (/objects/masters/<id>).
const LOCAL_AUDIO_URL = new RegExp(`^/api/objects/put/audio/(${UUID})/\\d+/[A-Za-z0-9_-]+$`)
const MASTER_URL = new RegExp(`/masters/(${UUID})$`)

/** The path of an absolute or site-relative URL, or null when it is not a URL. */
function pathnameOf(url: string): string | null {
  try {
    return new URL(url, 'http://localhost').pathname
  } catch {
    return null
  }
}

/** The `masters/<id>` key of an audio upload URL that `POST /api/objects/upload` handed out, or null. */
export function masterKeyFromAudioURL(audioURL: string): string | null {
  const pathname = pathnameOf(audioURL)
  if (pathname === null) return null
  const id = LOCAL_AUDIO_URL.exec(pathname)?.[1] ?? MASTER_URL.exec(pathname)?.[1]
  return id ? `masters/${id.toLowerCase()}` : null
}

/** The id of an `uploads/<uuid>` key, or null. */
export const uploadIdOf = (key: string): string | null => UPLOAD_KEY.exec(key)?.[1] ?? null

/** The key of an `/objects/<key>` path, or null when it is not one. */
export function objectKeyOf(path: string): string | null {
  if (!path.startsWith(OBJECTS_PREFIX)) return null
  const key = path.slice(OBJECTS_PREFIX.length)
  return isObjectKey(key) ? key : null
}

/**
 * The `/objects/uploads/<id>` path of an upload URL that `POST /api/objects/upload` handed out
 * (local or presigned; query string ignored), or null for any other URL.
 */
export function objectPathFromUploadURL(uploadURL: string): string | null {
  const pathname = pathnameOf(uploadURL)
  if (pathname === null) return null
  const id = LOCAL_UPLOAD_URL.exec(pathname)?.[1] ?? BUCKET_UPLOAD_URL.exec(pathname)?.[1]
  return id ? `${OBJECTS_PREFIX}uploads/${id}` : null
}

/**
 * An image reference as it is saved: an upload URL becomes its `/objects/...` path
 * (a presigned URL would expire), a bare path gets the `/objects/` prefix, and full URLs of other
 * sites and empty values are kept as they are.
 */
export function normalizeImagePath(value: string): string
export function normalizeImagePath(value: string | null | undefined): string | null | undefined
export function normalizeImagePath(value: string | null | undefined): string | null | undefined {
  if (value == null) return value
  const trimmed = value.trim()
  if (!trimmed) return trimmed
  const fromUpload = objectPathFromUploadURL(trimmed)
  if (fromUpload && (/^https?:\/\//i.test(trimmed) || trimmed.startsWith('/api/objects/put/'))) return fromUpload
  if (trimmed.startsWith(OBJECTS_PREFIX)) return trimmed
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//')) return trimmed
  return OBJECTS_PREFIX + trimmed.replace(/^\/+/, '')
}

export const IMAGE_PATH_MESSAGE = 'Use an image uploaded to this site (a path starting with /objects/).'

/**
 * Whether a saved image reference is a path of this site's stored files (`/objects/...`): no other
 * site, no other scheme (`javascript:`, `data:`), no `..`, and nothing that could end an HTML
 * attribute or a CSS `url()`.
 */
export function isImagePath(value: string): boolean {
  return (
    value.length <= 2000 &&
    value.startsWith(OBJECTS_PREFIX) &&
    !value.includes('..') &&
    !value.includes('//') &&
    !/[\s<>"'`\\()\u0000-\u001f]/.test(value)
  )
}

/** Body of `POST /api/admin/{products,band-profile}/image`. */
export const imageUploadSchema = z.object({
  imageURL: z
    .string({ error: 'imageURL is required' })
    .trim()
    .min(1, 'imageURL is required')
    .max(4000, 'imageURL is too long'),
})
