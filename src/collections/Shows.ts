import type { CollectionConfig } from 'payload'

import { publicContentAccess } from '@/access/publicContent'
import { CACHE_TAGS } from '@/lib/cacheTags'
import { isHttpUrlOrMailto } from '@/lib/validators'
import { revalidateOnChange } from '@/hooks/revalidateTags'
import { draftShowAnnouncement } from '@/server/newsletter/announce'

import { isActiveField, stableKeyField } from './fields'

const revalidate = revalidateOnChange(CACHE_TAGS.shows)

export const Shows: CollectionConfig = {
  slug: 'shows',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'venue', 'date', 'city', 'isActive'] },
  access: publicContentAccess,
  defaultSort: 'date',
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'venue', type: 'text', required: true, maxLength: 200 },
    { name: 'date', type: 'date', required: true, index: true },
    { name: 'time', type: 'text', maxLength: 50 },
    {
      name: 'ticketUrl',
      type: 'text',
      maxLength: 2000,
      validate: (value: string | null | undefined) =>
        !value || isHttpUrlOrMailto(value) ? true : 'Enter a full URL (https://…)',
    },
    { name: 'description', type: 'textarea', maxLength: 5000 },
    { name: 'city', type: 'text', maxLength: 100 },
    { name: 'state', type: 'text', maxLength: 100 },
    isActiveField,
    stableKeyField,
  ],
  hooks: { afterChange: [revalidate.afterChange, draftShowAnnouncement], afterDelete: [revalidate.afterDelete] },
}
