import type { GlobalConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { isOwnerOrManager } from '@/access/isOwnerOrManager'
import { CACHE_TAGS } from '@/lib/cacheTags'
import { revalidateGlobal } from '@/hooks/revalidateTags'
import { imagePathField } from '@/collections/fields'

export const BandProfile: GlobalConfig = {
  slug: 'band-profile',
  access: { read: anyone, update: isOwnerOrManager },
  fields: [
    { name: 'name', label: 'Band name', type: 'text', required: true, maxLength: 200 },
    { name: 'genre', label: 'Genre', type: 'text', maxLength: 100 },
    { name: 'location', label: 'Location', type: 'text', maxLength: 200 },
    { name: 'bio', label: 'Bio', type: 'textarea', maxLength: 10000 },
    imagePathField('profileImageUrl'),
  ],
  hooks: { afterChange: [revalidateGlobal(CACHE_TAGS.bandProfile)] },
}
