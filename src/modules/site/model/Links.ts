import type { CollectionConfig } from 'payload'

import { publicContentAccess } from '@/platform/access/publicContent'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { isHttpUrlOrMailto } from '@/lib/validators'
import { revalidateOnChange } from '@/platform/cache/revalidateTags'

import { isActiveField, stableKeyField } from '@/platform/db/fields'

const revalidate = revalidateOnChange(CACHE_TAGS.links)

export const Links: CollectionConfig = {
  slug: 'links',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'url', 'order', 'isActive'] },
  access: publicContentAccess,
  defaultSort: 'order',
  fields: [
    { name: 'title', label: 'Title', type: 'text', required: true, maxLength: 200 },
    {
      name: 'url',
      label: 'URL',
      type: 'text',
      required: true,
      maxLength: 2000,
      validate: (value: string | null | undefined) =>
        !value ? 'URL is required' : isHttpUrlOrMailto(value) ? true : 'Enter a full URL (https://… or mailto:…)',
    },
    { name: 'icon', label: 'Icon', type: 'text', maxLength: 200 },
    isActiveField,
    {
      name: 'order',
      label: 'Order',
      type: 'number',
      defaultValue: 0,
      required: true,
      validate: (value: number | null | undefined) =>
        value === null || value === undefined || Number.isInteger(value) ? true : 'Order must be a whole number.',
    },
    stableKeyField,
  ],
  hooks: { afterChange: [revalidate.afterChange], afterDelete: [revalidate.afterDelete] },
}
