import { z } from 'zod'

import { boolean, imagePath, loadedVersion, optionalText, requiredText } from '@/lib/schemas/fields'

import { pricingSchema } from './pricing'

export const RELEASE_TYPES = ['album', 'EP', 'single'] as const
export type ReleaseType = (typeof RELEASE_TYPES)[number]

/** A calendar day "YYYY-MM-DD": the day the band announces, with no time and no zone of its own. */
export const releaseDate = z
  .string({ error: 'Release date is required (YYYY-MM-DD)' })
  .trim()
  .refine((v) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
    if (!day) return false
    const date = new Date(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!))
    return date.getUTCFullYear() === +day[1]! && date.getUTCMonth() === +day[2]! - 1 && date.getUTCDate() === +day[3]!
  }, 'Release date is required (YYYY-MM-DD)')

const fields = {
  title: requiredText('Release title is required'),
  type: z.enum(RELEASE_TYPES, { error: 'Choose album, EP or single' }),
  releaseDate,
  artworkUrl: imagePath,
  description: optionalText(5000),
  credits: optionalText(5000),
  isActive: boolean,
  pricing: pricingSchema,
}

export const releaseSchema = z.object({ ...fields, id: z.string().optional(), isActive: fields.isActive.default(true) })

/** Updates change only the fields sent (no defaults); a pricing sent replaces the whole pricing. */
export const releaseUpdateSchema = z.object(fields).partial().extend({ updatedAt: loadedVersion })
