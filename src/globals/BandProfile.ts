import type { GlobalConfig } from 'payload'

import { anyone } from '@/access/anyone'
import { isOwnerOrManager } from '@/access/isOwnerOrManager'
import { CACHE_TAGS } from '@/lib/cacheTags'
import { revalidateGlobal } from '@/hooks/revalidateTags'

export const BandProfile: GlobalConfig = {
  slug: 'band-profile',
  access: { read: anyone, update: isOwnerOrManager },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 200 },
    { name: 'genre', type: 'text', maxLength: 100 },
    { name: 'location', type: 'text', maxLength: 200 },
    { name: 'bio', type: 'textarea', maxLength: 10000 },
    { name: 'profileImageUrl', type: 'text', maxLength: 2000 },
  ],
  hooks: { afterChange: [revalidateGlobal(CACHE_TAGS.bandProfile)] },
}
