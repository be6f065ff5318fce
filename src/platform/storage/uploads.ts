import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { forbidden, notFound, tooLarge } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { payloadSecret } from '@/platform/runtime/secret'

import { objectStore } from './index'
import { AUDIO_TOO_LARGE, MAX_AUDIO_BYTES, MAX_UPLOAD_BYTES, newMasterKey, newUploadKey, TOO_LARGE } from './keys'
import { receiveLocalUpload } from './local'
import type { UploadTarget } from './types'
import { verifyUploadToken } from './uploadToken'

/** What an upload is for: an image (at most 10 MB) or an audio master (at most 2 GB, never public). */
export type UploadKind = 'image' | 'audio'

/**
 * Where the dashboard sends one file: a presigned POST form for the bucket, or our own signed
 * local URL to PUT to; with the `/objects/` path the upload will have (an audio master's path is
 * only a reference for the track routes: no public address serves it).
 */
export async function createUpload(kind: UploadKind = 'image'): Promise<UploadTarget & { objectPath: string }> {
  const key = kind === 'audio' ? newMasterKey() : newUploadKey()
  const maxBytes = kind === 'audio' ? MAX_AUDIO_BYTES : MAX_UPLOAD_BYTES
  return { ...(await objectStore().createUpload(key, maxBytes)), objectPath: `/objects/${key}` }
}

/**
 * Marks a local upload URL as used; false when it was used before. Kept in PostgreSQL so the
 * rule holds across instances; rows outlive the URL's lifetime and are then cleared.
 */
async function claimUpload(id: string): Promise<boolean> {
  const payload = await payloadClient()
  const result = await payload.db.drizzle.execute(sql`
    WITH cleared AS (DELETE FROM object_upload_claims WHERE claimed_at < now() - interval '1 day')
    INSERT INTO object_upload_claims (id) VALUES (${id}) ON CONFLICT (id) DO NOTHING RETURNING id`)
  return result.rows.length === 1
}

/**
 * `PUT /api/objects/put/[audio/]<id>/<expires>/<signature>`: checks the signature and expiry,
 * refuses a declared size over the limit (10 MB, 2 GB for audio) before anything is read, takes
 * the URL's single use, then streams the body to disk (413 as soon as it passes the limit).
 */
export async function receiveUpload(request: Request, segments: readonly string[]): Promise<string> {
  if (objectStore().kind !== 'local') throw notFound('Not found')
  const check = verifyUploadToken(payloadSecret(), segments)
  if (!check.ok) {
    throw forbidden(
      check.reason === 'expired' ? 'This upload link has expired. Please try again.' : 'This upload link is not valid.',
    )
  }
  const { id, audio } = check.token
  const limits = audio
    ? { folder: 'masters', maxBytes: MAX_AUDIO_BYTES, message: AUDIO_TOO_LARGE }
    : { folder: 'uploads', maxBytes: MAX_UPLOAD_BYTES, message: TOO_LARGE }
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > limits.maxBytes) throw tooLarge(limits.message)
  if (!(await claimUpload(id))) throw forbidden('This upload link was already used. Please try again.')
  await receiveLocalUpload(id, request.body, limits)
  return `/objects/${limits.folder}/${id}`
}
