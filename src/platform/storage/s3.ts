import fs from 'node:fs'
import fsp from 'node:fs/promises'

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { createPresignedPost } from '@aws-sdk/s3-presigned-post'

import { isStoredKey, MAX_UPLOAD_BYTES } from './keys'
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

    /** A presigned POST form: the bucket itself refuses another key or more than `maxBytes`. */
    async createUpload(key, maxBytes = MAX_UPLOAD_BYTES) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['starts-with', '$Content-Type', ''],
        ],
        Fields: { success_action_status: '200' },
        Expires: UPLOAD_URL_LIFETIME_SECONDS,
      })
      return { uploadURL: url, fields }
    },

    async stat(key) {
      if (!isStoredKey(key)) return null
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        return { size: head.ContentLength ?? 0, etag: head.ETag ?? `"${key}"`, lastModified: head.LastModified }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async open(key, range) {
      if (!isStoredKey(key)) return null
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
        )
        if (!object.Body) return null
        // A ranged answer's Content-Range ends with the whole object's size.
        const whole = Number(object.ContentRange?.split('/')[1])
        return {
          info: {
            size: range && Number.isFinite(whole) ? whole : (object.ContentLength ?? 0),
            etag: object.ETag ?? `"${key}"`,
            lastModified: object.LastModified,
          },
          body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>,
        }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },

    async putFile(key, file, contentType) {
      if (!isStoredKey(key)) throw new Error(`Not a stored key: ${key}`)
      const { size } = await fsp.stat(file)
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      )
    },

    async delete(key) {
      if (!isStoredKey(key)) return
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
  }
}
