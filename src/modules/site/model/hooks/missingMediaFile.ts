import fsp from 'node:fs/promises'
import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { s3Settings } from '@/platform/storage/s3Settings'

type UploadHandler = NonNullable<Exclude<CollectionConfig['upload'], boolean | undefined>['handlers']>[number]

/**
 * A media file that is not on disk answers 404 (Payload answers 500 for it). It lets Payload serve
 * every file that is there; with a bucket, the storage plugin serves and answers for its files.
 */
export function missingMediaFile(staticDir: string): UploadHandler {
  const handler = async (_req: unknown, { params }: { params: { filename: string } }) => {
    if (s3Settings()) return
    const dir = path.resolve(staticDir)
    const file = path.resolve(dir, params.filename)
    if (!file.startsWith(dir + path.sep)) return
    try {
      await fsp.stat(file)
    } catch {
      return Response.json({ errors: [{ message: 'This file does not exist.' }] }, { status: 404 })
    }
  }
  // Payload's type leaves out handlers that answer only sometimes; getFile accepts them.
  return handler as UploadHandler
}
