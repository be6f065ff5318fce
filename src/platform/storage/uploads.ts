import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import { forbidden, notFound, tooLarge } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { payloadSecret } from '@/platform/runtime/secret'

import { objectStore } from './index'
import { MAX_UPLOAD_BYTES, newUploadKey, TOO_LARGE } from './keys'
import { receiveLocalUpload } from './local'
import type { UploadTarget } from './types'
import { verifyUploadToken } from './uploadToken'

/**
 * Where the dashboard sends one file: a presigned POST form for the bucket, or our own signed
 * local URL to PUT to; with the `/objects/` path the upload will have.
 */
export async function createUpload(): Promise<UploadTarget & { objectPath: string }> {
  const key = newUploadKey()
  return { ...(await objectStore().createUpload(key)), objectPath: `/objects/${key}` }
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
 * `PUT /api/objects/put/<id>/<expires>/<signature>`: checks the signature and expiry, refuses a
 * declared size over the limit before anything is read, takes the URL's single use, then
 * streams the body to disk (413 as soon as it passes the limit).
 */
export async function receiveUpload(request: Request, segments: readonly string[]): Promise<string> {
  if (objectStore().kind !== 'local') throw notFound('Not found')
  const check = verifyUploadToken(payloadSecret(), segments)
  if (!check.ok) {
    throw forbidden(
      check.reason === 'expired' ? 'This upload link has expired. Please try again.' : 'This upload link is not valid.',
    )
  }
  const declared = request.headers.get('content-length')
  if (declared !== null && Number(declared) > MAX_UPLOAD_BYTES) throw tooLarge(TOO_LARGE)
  if (!(await claimUpload(check.token.id))) throw forbidden('This upload link was already used. Please try again.')
  await receiveLocalUpload(check.token.id, request.body)
  return `/objects/uploads/${check.token.id}`
}
