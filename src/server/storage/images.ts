import sharp from 'sharp'

import { normalizeImagePath, objectKeyOf, objectPathFromUploadURL, OBJECTS_PREFIX, uploadIdOf } from '@/lib/objectPath'
import type { User } from '@/payload-types'

import { HttpError } from '../http'
import { payloadClient } from '../payload'

import { contentAddressedName } from './contentAddress'
import { objectStore } from './index'
import { detectImageType } from './imageType'
import { MAX_UPLOAD_BYTES, TOO_LARGE } from './keys'
import { readAll } from './stream'

const NOT_AN_IMAGE = 'The file is not an image we accept: upload a JPEG, PNG, WebP, GIF or AVIF image.'

/** The key of an upload this site handed out (upload URL or `/objects/uploads/...` path), or null. */
function uploadKeyOf(imageURL: string): string | null {
  const path = objectPathFromUploadURL(imageURL) ?? normalizeImagePath(imageURL)
  const key = objectKeyOf(path)
  return key && uploadIdOf(key) ? key : null
}

/**
 * Checks a file the dashboard uploaded (it exists, is at most 10 MB, and its bytes are a JPEG,
 * PNG, WebP, GIF or AVIF image that decodes) and files it in the media collection, which stores
 * it under its content hash and makes the thumbnail and card sizes. Answers its `/objects/media/...`
 * path. A path of a file already filed is answered as it is.
 */
export async function fileUploadedImage(imageURL: string, user: User): Promise<string> {
  const payload = await payloadClient()
  const filed = objectKeyOf(normalizeImagePath(imageURL.trim()))
  if (filed?.startsWith('media/')) {
    const found = await payload.find({
      collection: 'media',
      where: { filename: { equals: filed.slice('media/'.length) } },
      limit: 1,
      depth: 0,
      overrideAccess: false,
      user,
    })
    if (found.docs.length) return OBJECTS_PREFIX + filed
  }

  const key = uploadKeyOf(imageURL.trim())
  if (!key) throw new HttpError(400, 'Please check the highlighted fields.', { imageURL: 'Use the upload URL this site gave you.' })
  const store = objectStore()
  const info = await store.stat(key)
  if (!info) throw new HttpError(404, 'The uploaded file was not found. Please upload it again.')
  if (info.size > MAX_UPLOAD_BYTES) {
    await store.delete(key)
    throw new HttpError(413, TOO_LARGE)
  }
  const opened = await store.open(key)
  const data = opened && (await readAll(opened.body, MAX_UPLOAD_BYTES))
  if (!data) throw new HttpError(404, 'The uploaded file was not found. Please upload it again.')

  const type = detectImageType(data.subarray(0, 64))
  if (!type) throw new HttpError(415, NOT_AN_IMAGE)
  try {
    const meta = await sharp(data, { animated: true }).metadata()
    if (!meta.width || !meta.height) throw new Error('no dimensions')
  } catch {
    throw new HttpError(415, 'The image could not be read. Please upload a different file.')
  }

  const filename = contentAddressedName(data)
  const existing = await payload.find({
    collection: 'media',
    where: { filename: { equals: filename } },
    limit: 1,
    depth: 0,
    overrideAccess: false,
    user,
  })
  if (existing.docs[0]?.filename) return `${OBJECTS_PREFIX}media/${existing.docs[0].filename}`

  const doc = await payload.create({
    collection: 'media',
    data: {},
    file: { data, mimetype: type.mime, name: filename, size: data.length },
    overrideAccess: false,
    user,
  })
  return `${OBJECTS_PREFIX}media/${doc.filename}`
}

/**
 * An image reference ready to be saved with a product, the band profile or the theme: empty stays
 * empty; an upload of this site is checked and filed (see `fileUploadedImage`); any other value is
 * refused, so only files this site checked are shown.
 */
export async function imagePathForSaving(value: string | null | undefined, user: User): Promise<string | null> {
  if (!value?.trim()) return null
  return fileUploadedImage(value, user)
}
