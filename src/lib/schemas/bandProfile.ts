import { z } from 'zod'

import { imagePath, loadedVersion, optionalText, requiredText } from './fields'

export const bandProfileSchema = z.object({
  id: z.string().optional(),
  name: requiredText('Band name is required'),
  genre: optionalText(100),
  location: optionalText(200),
  bio: optionalText(10000),
  profileImageUrl: imagePath,
  updatedAt: loadedVersion,
})

export type BandProfileInput = z.infer<typeof bandProfileSchema>
