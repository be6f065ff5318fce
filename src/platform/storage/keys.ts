import crypto from 'node:crypto'

import { isObjectKey, isPrivateKey, uploadIdOf } from '@/lib/objectPath'

export { isObjectKey, isPrivateKey, uploadIdOf }

/** Whether the store keeps files under `key`: public keys and the private ones (masters, renditions). */
export const isStoredKey = (key: string) => isObjectKey(key) || isPrivateKey(key)

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** The message shown for a file over the limit. */
export const TOO_LARGE = `File size must be less than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`

/** The largest audio master accepted: 2 GB. */
export const MAX_AUDIO_BYTES = 2 * 1024 * 1024 * 1024
export const AUDIO_TOO_LARGE = 'Audio files must be less than 2 GB'

/** A fresh audio master's key: random, and never served by a public address. */
export const newMasterKey = () => `masters/${crypto.randomUUID()}`

/** A fresh upload's key: random, never derived from anything the user sent. */
export const newUploadKey = () => `uploads/${crypto.randomUUID()}`

// Originals filed in media are named by the SHA-256 of their bytes (see contentAddress.ts).
const CONTENT_ADDRESSED = /^media\/[0-9a-f]{64}(-\d+)?\.[a-z0-9]+$/

/** Content-addressed keys never change their bytes, so they may be cached for good. */
export const isContentAddressed = (key: string) => CONTENT_ADDRESSED.test(key)
