import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { anyone } from '@/platform/access/anyone'
import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { uploadDir } from '@/platform/runtime/paths'
import { contentAddressedFilename } from '@/platform/storage/contentAddress'

import { missingMediaFile } from './hooks/missingMediaFile'

/**
 * Media files live under the `media/` key prefix: `$DATA_DIR/uploads/media/` on disk, or
 * `media/` in the bucket (see the storage plugin in payload.config.ts). Both are served at
 * `/objects/media/<filename>`.
 */
export const MEDIA_PREFIX = 'media'
const staticDir = path.join(uploadDir(), MEDIA_PREFIX)

export const Media: CollectionConfig = {
  slug: 'media',
  access: {
    read: anyone,
    create: isOwnerOrManager,
    update: isOwnerOrManager,
    delete: isOwnerOrManager,
  },
  upload: {
    staticDir,
    handlers: [missingMediaFile(staticDir)],
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    imageSizes: [
      { name: 'thumbnail', width: 160, height: 160, formatOptions: { format: 'webp', options: { quality: 80 } } },
      { name: 'card', width: 640, formatOptions: { format: 'webp', options: { quality: 80 } } },
    ],
  },
  hooks: { beforeOperation: [contentAddressedFilename] },
  fields: [{ name: 'alt', label: 'Alternative text', type: 'text', maxLength: 300 }],
}
