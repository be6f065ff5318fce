import 'server-only'

import sharp from 'sharp'

import { normalizeImagePath, objectKeyOf, objectPathFromUploadURL, OBJECTS_PREFIX, uploadIdOf } from '@/lib/objectPath'
import type { User } from '@/payload-types'

import { invalid, notFound, tooLarge, unsupported } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'

import { contentAddressedName } from './contentAddress'
import { objectStore } from './index'
import { detectImageType, SNIFF_BYTES } from './imageType'
import { MAX_UPLOAD_BYTES, TOO_LARGE } from './keys'
import { readAll } from './stream'

const MISSING = 'The uploaded file was not found. Please upload it again.'
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
export async function fileUploadedImage(imageURL: string, user: User, field = 'imageURL'): Promise<string> {
  const filed = objectKeyOf(normalizeImagePath(imageURL.trim()))
  if (filed?.startsWith('media/') && (await filedMedia(filed.slice('media/'.length), user)))
    return OBJECTS_PREFIX + filed

  const key = uploadKeyOf(imageURL.trim())
  if (!key)
    throw invalid('Please check the highlighted fields.', {
      [field]: 'Use the upload URL this site gave you.',
    })
  const store = objectStore()
  const info = await store.stat(key)
  if (!info) throw notFound(MISSING)
  if (info.size > MAX_UPLOAD_BYTES) {
    await store.delete(key)
    throw tooLarge(TOO_LARGE)
  }
  const opened = await store.open(key)
  const data = opened && (await readAll(opened.body, MAX_UPLOAD_BYTES))
  if (!data) throw notFound(MISSING)

  const type = detectImageType(data.subarray(0, SNIFF_BYTES))
  if (!type) throw unsupported(NOT_AN_IMAGE)
  try {
    const meta = await sharp(data, { animated: true }).metadata()
    if (!meta.width || !meta.height) throw new Error('no dimensions')
  } catch {
    throw unsupported('The image could not be read. Please upload a different file.')
  }

  const filename = contentAddressedName(data)
  const existing = await filedMedia(filename, user)
  if (existing) return `${OBJECTS_PREFIX}media/${existing}`
  const doc = await (
    await payloadClient()
  ).create({
    collection: 'media',
    data: {},
    file: { data, mimetype: type.mime, name: filename, size: data.length },
    overrideAccess: false,
    user,
  })
  return `${OBJECTS_PREFIX}media/${doc.filename}`
}

/** The filename of the media document filed under `filename`, or null. */
async function filedMedia(filename: string, user: User): Promise<string | null> {
  const found = await (
    await payloadClient()
  ).find({
    collection: 'media',
    where: { filename: { equals: filename } },
    limit: 1,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return found.docs[0]?.filename ?? null
}

/**
 * An image reference ready to be saved with a product, the band profile or the theme: empty stays
 * empty; an upload of this site is checked and filed (see `fileUploadedImage`); any other value is
 * refused (400 naming `field`), so only files this site checked are shown.
 */
export async function imagePathForSaving(
  value: string | null | undefined,
  user: User,
  field: string,
): Promise<string | null> {
  if (!value?.trim()) return null
  return fileUploadedImage(value, user, field)
}
