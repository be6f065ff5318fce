import crypto from 'node:crypto'
import fsp from 'node:fs/promises'

import type { CollectionBeforeOperationHook } from 'payload'

import { detectImageType } from './imageType'

/** `<sha256 of the bytes>.<extension of the detected type>`: the name a media file is stored under. */
export function contentAddressedName(data: Uint8Array, fallbackName = ''): string {
  const hash = crypto.createHash('sha256').update(data).digest('hex')
  const ext =
    detectImageType(data.subarray(0, 64))?.ext ?? /\.([A-Za-z0-9]{1,10})$/.exec(fallbackName)?.[1]?.toLowerCase()
  return ext ? `${hash}.${ext}` : hash
}

/**
 * Names every file uploaded to the media collection (from /cms or the site's image routes) by its
 * content, so storage keys are never user-chosen paths and a stored file's bytes never change.
 */
export const contentAddressedFilename: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const file = req.file
  if (!file || (operation !== 'create' && operation !== 'update')) return args
  const data = file.data?.length ? file.data : file.tempFilePath ? await fsp.readFile(file.tempFilePath) : null
  if (data) file.name = contentAddressedName(data, file.name)
  return args
}
