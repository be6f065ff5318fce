import type { GlobalConfig } from 'payload'

import { anyone } from '@/platform/access/anyone'
import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { isTimeZone } from '@/platform/time/showTime'
import { revalidateGlobal } from '@/platform/cache/revalidateTags'
import { imagePathField } from '@/platform/db/fields'

import { showsFollowBandTimeZone } from '@/modules/shows'

export const BandProfile: GlobalConfig = {
  slug: 'band-profile',
  access: { read: anyone, update: isOwnerOrManager },
  fields: [
    { name: 'name', label: 'Band name', type: 'text', required: true, maxLength: 200 },
    { name: 'genre', label: 'Genre', type: 'text', maxLength: 100 },
    { name: 'location', label: 'Location', type: 'text', maxLength: 200 },
    { name: 'bio', label: 'Bio', type: 'textarea', maxLength: 10000 },
    imagePathField('profileImageUrl'),
    {
      name: 'timeZone',
      type: 'text',
      maxLength: 100,
      admin: {
        description:
          'The IANA time zone of your shows, e.g. America/Los_Angeles. Empty: SITE_TIME_ZONE, else UTC. A show can name its own; the others follow this one, also when it changes.',
      },
      validate: (value: string | null | undefined) =>
        !value || isTimeZone(value) ? true : 'Enter an IANA time zone such as America/Los_Angeles',
    },
  ],
  // The shows pages and calendars read each show's start in the band's zone, so they are rebuilt too.
  hooks: { afterChange: [showsFollowBandTimeZone, revalidateGlobal(CACHE_TAGS.bandProfile, CACHE_TAGS.shows)] },
}
