import type { S3ClientConfig } from '@aws-sdk/client-s3'

import { env, type Env } from '@/platform/runtime/env'

export type S3Settings = { bucket: string; client: S3ClientConfig }

/**
 * The bucket and client settings when S3_BUCKET is set, else null (files stay on local disk).
 * Shared by the site's own storage code and Payload's storage plugin so both use one bucket.
 */
export function s3Settings(e: Env = env()): S3Settings | null {
  if (!e.S3_BUCKET) return null
  return {
    bucket: e.S3_BUCKET,
    client: {
      region: e.S3_REGION ?? 'us-east-1',
      endpoint: e.S3_ENDPOINT,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
      credentials: { accessKeyId: e.S3_ACCESS_KEY_ID ?? '', secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? '' },
      // Checksums in presigned URLs would bind them to an empty body; S3-compatible stores
      // also differ in checksum support. Only send them where the API requires one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    },
  }
}
