import crypto from 'node:crypto'

import { isObjectKey, uploadIdOf } from '@/lib/objectPath'

export { isObjectKey, uploadIdOf }

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The message shown for a file over the limit. */
export const TOO_LARGE = `File size must be less than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`

/** A fresh upload's key: random, never derived from anything the user sent. */
export const newUploadKey = () => `uploads/${crypto.randomUUID()}`

// Originals filed in media are named by the SHA-256 of their bytes (see contentAddress.ts).
const CONTENT_ADDRESSED = /^media\/[0-9a-f]{64}(-\d+)?\.[a-z0-9]+$/

/** Content-addressed keys never change their bytes, so they may be cached for good. */
export const isContentAddressed = (key: string) => CONTENT_ADDRESSED.test(key)
