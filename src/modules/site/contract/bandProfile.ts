import { z } from 'zod'

import { imagePath, loadedVersion, optionalText, optionalTimeZone, requiredText } from '@/lib/schemas/fields'

export const bandProfileSchema = z.object({
  id: z.string().optional(),
  name: requiredText('Band name is required'),
  genre: optionalText(100),
  location: optionalText(200),
  bio: optionalText(10000),
  profileImageUrl: imagePath,
  /** The time zone of shows that name none; empty: SITE_TIME_ZONE, else UTC. */
  timeZone: optionalTimeZone,
  updatedAt: loadedVersion,
})

export type BandProfileInput = z.infer<typeof bandProfileSchema>
