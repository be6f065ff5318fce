import { z } from 'zod'

import { emailField } from '@/lib/schemas/email'

/** The address a fan asks about: `?email=` of the find and the export, the body of the erasure. */
export const privacyEmailSchema = z.object({ email: emailField })

type PersonalRecord = Record<string, unknown>

/**
 * Everything the site holds for an address: the newsletter subscriber (or null), the orders it
 * placed, its back-in-stock waits, the campaigns delivered to it, the emails queued or sent to it
 * (or naming it), and the releases given to it for download with the links mailed to it.
 */
export type PersonalData = {
  email: string
  subscriber: PersonalRecord | null
  orders: PersonalRecord[]
  backInStock: PersonalRecord[]
  deliveries: PersonalRecord[]
  queuedEmails: PersonalRecord[]
  downloadGrants: PersonalRecord[]
} & Record<string, unknown>

/** How many records an erasure deleted (orders: anonymised), per kind. */
export type ErasureCounts = {
  subscribers: number
  orders: number
  backInStock: number
  deliveries: number
  queuedEmails: number
} & Record<string, number>

/** After how many months a delivered or refunded order forgets its buyer, and the notice's own text. */
export const privacySettingsSchema = z.object({
  retentionMonths: z.coerce
    .number({ message: 'Enter a whole number of months from 1 to 120' })
    .int('Enter a whole number of months from 1 to 120')
    .min(1, 'Enter a whole number of months from 1 to 120')
    .max(120, 'Enter a whole number of months from 1 to 120'),
  noticeMarkdown: z.string().max(20000, 'Keep the text under 20,000 characters').default(''),
})
export type PrivacySettings = z.infer<typeof privacySettingsSchema>

/** A fan's own request: the link's token, and for the erasure the box ticked to confirm it. */
export const privacyTokenSchema = z.object({ token: z.string().min(1).max(200) })
export const privacyEraseSchema = privacyTokenSchema.extend({
  confirm: z.literal('yes', { message: 'Tick the box to confirm that this cannot be undone' }),
})
