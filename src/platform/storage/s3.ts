import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'

import { isObjectKey, MAX_UPLOAD_BYTES } from './keys'
import type { S3Settings } from './s3Settings'
import { UPLOAD_URL_LIFETIME_SECONDS, type ObjectStore } from './types'

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404
}

export function createS3Store({ bucket, client: config }: S3Settings): ObjectStore {
  const client = new S3Client(config)
  return {
    kind: 's3',

    /** A presigned POST form: the bucket itself refuses another key or more than 10 MB. */
    async createUpload(key) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, MAX_UPLOAD_BYTES],
          ['starts-with', '$Content-Type', ''],
        ],
        Fields: { success_action_status: '200' },
        Expires: UPLOAD_URL_LIFETIME_SECONDS,
      })
      return { uploadURL: url, fields }
    },

    async stat(key) {
      if (!isObjectKey(key)) return null
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${key}"`, lastModified: head.LastModified }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async open(key) {
      if (!isObjectKey(key)) return null
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!object.Body) return null
        return {
          info: { size: object.ContentLength ?? 0, etag: object.ETag ?? `"${key}"`, lastModified: object.LastModified },
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async delete(key) {
      if (!isObjectKey(key)) return
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
  }
}
