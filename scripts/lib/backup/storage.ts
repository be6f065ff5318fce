/**
 * The site's stored files as a backup sees them: the keys there are, each file's bytes, and a way
 * to put a file back. Local disk (the upload directory under DATA_DIR) or the S3 bucket, chosen as
 * the site chooses (S3 when S3_BUCKET is set, see src/platform/storage).
 */
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'

import { isObjectKey } from '../../../src/lib/objectPath'
import { uploadDir } from '../../../src/platform/runtime/paths'
import { s3Settings } from '../../../src/platform/storage/s3Settings'

export type OpenedFile = { size: number; contentType?: string; body: Readable }

export type FileStore = {
  /** Where the files are, for messages. */
  describe: string
  /** Every stored file's key, in a stable order. */
  keys(): AsyncIterable<string>
  /** The file's bytes, or null when it is gone. */
  open(key: string): Promise<OpenedFile | null>
  /** Stores `size` bytes from `body` under `key`, replacing a file there. */
  put(key: string, body: Readable, size: number, contentType?: string): Promise<void>
}

async function* walk(root: string, dir = root): AsyncGenerator<string> {
  const entries = await fsp.readdir(dir, { withFileTypes: true }).catch(() => [])
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(root, full)
    else if (entry.isFile()) {
      const key = path.relative(root, full).split(path.sep).join('/')
      // Half-written uploads (.<id>.part) and anything else the site could not have named stay out.
      if (isObjectKey(key)) yield key
    }
  }
}

function localStore(root: string): FileStore {
  return {
    describe: root,
    keys: () => walk(root),
    async open(key) {
      const handle = await fsp.open(path.join(root, ...key.split('/')), 'r').catch(() => null)
      if (!handle) return null
      const stat = await handle.stat()
      return { size: stat.size, body: handle.createReadStream({ autoClose: true }) }
    },
    async put(key, body) {
      const file = path.join(root, ...key.split('/'))
      await fsp.mkdir(path.dirname(file), { recursive: true })
      const partial = path.join(path.dirname(file), `.${path.basename(file)}.restore`)
      await pipeline(body, fs.createWriteStream(partial, { mode: 0o640 }))
      await fsp.rename(partial, file)
    },
  }
}

/**
 * One page of the bucket's listing. A path-style listing is sent to `/<bucket>`, as S3 documents
 * it, rather than the SDK's `/<bucket>/`: some S3-compatible servers sign the two differently and
 * refuse the request.
 */
function listPage(bucket: string, token: string | undefined): ListObjectsV2Command {
  const list = new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token })
  list.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { path?: string }
      if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1)
      return next(args)
    },
    { step: 'build', name: 'bucketPathWithoutSlash' },
  )
  return list
}

function s3Store(bucket: string, client: S3Client, endpoint: string): FileStore {
  return {
    describe: `the bucket ${bucket}${endpoint ? ` at ${endpoint}` : ''}`,
    async *keys() {
      let token: string | undefined
      do {
        const page = await client.send(listPage(bucket, token))
        for (const object of page.Contents ?? []) if (object.Key && isObjectKey(object.Key)) yield object.Key
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!object.Body) return null
        return { size: object.ContentLength ?? 0, contentType: object.ContentType, body: object.Body as Readable }
      } catch (error) {
        const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
        if (e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null
        throw error
      }
    },
    async put(key, body, size, contentType) {
      // The SDK streams only Node's own Readable; an archive entry is another kind of stream.
      const stream = body instanceof Readable ? body : Readable.from(body)
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: stream, ContentLength: size, ContentType: contentType }),
      )
    },
  }
}

/** The store the site is configured with. */
export function siteFileStore(): FileStore {
  const s3 = s3Settings()
  if (!s3) return localStore(uploadDir())
  return s3Store(s3.bucket, new S3Client(s3.client), String(s3.client.endpoint ?? ''))
}
