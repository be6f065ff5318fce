import path from 'node:path'

import type { CollectionConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { isOwnerOrManager } from '@/access/isOwnerOrManager'
import { uploadDir } from '@/server/paths'

export const Media: CollectionConfig = {
  slug: 'media',
  access: {
    read: anyone,
    create: isOwnerOrManager,
    update: isOwnerOrManager,
    delete: isOwnerOrManager,
  },
  upload: {
    staticDir: path.join(uploadDir(), 'media'),
    mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    imageSizes: [
      { name: 'thumbnail', width: 160, height: 160, formatOptions: { format: 'webp', options: { quality: 80 } } },
      { name: 'card', width: 640, formatOptions: { format: 'webp', options: { quality: 80 } } },
    ],
  },
  fields: [{ name: 'alt', type: 'text', maxLength: 300 }],
}
