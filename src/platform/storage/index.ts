import { createS3Store } from './s3'
import { localStore } from './local'
import { s3Settings } from './s3Settings'
import type { ObjectStore } from './types'

export type { ObjectInfo, ObjectStore } from './types'
export { MAX_UPLOAD_BYTES } from './keys'

let store: ObjectStore | undefined

/** The S3 bucket when S3_BUCKET is set, otherwise the upload directory on local disk. */
export function objectStore(): ObjectStore {
  if (!store) {
    const s3 = s3Settings()
    store = s3 ? createS3Store(s3) : localStore
  }
  return store
}
