import { z } from 'zod'

import { emailField } from '@/lib/schemas/email'

/** The address a fan asks about: `?email=` of the find and the export, the body of the erasure. */
export const privacyEmailSchema = z.object({ email: emailField })

type PersonalRecord = Record<string, unknown>

/**
 * Everything the site holds for an address: the newsletter subscriber (or null), the orders it
 * placed, its back-in-stock waits, the campaigns delivered to it, the emails queued or sent to it
 * (or naming it), and its download grants (none until a module keeps them).
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
