import { z } from 'zod'

import { emailField } from '@/lib/schemas/email'
import { requiredText } from '@/lib/schemas/fields'

/**
 * Download codes: 12 characters from an alphabet without the look-alikes 0/O, 1/I/L, printed in
 * groups of four ("ABCD-EFGH-JKMN"). Typed codes are read in any case, with or without the
 * dashes and spaces.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const CODE_LENGTH = 12
export const MAX_BATCH = 10_000

export const CODE_NOT_VALID = 'This code is not valid'
export const CODE_USED = 'This code has already been used'

/** The stored form of a typed code, or null when it cannot be one. */
export function normalizeCode(typed: string): string | null {
  const code = typed.replace(/[\s-]+/g, '').toUpperCase()
  if (code.length !== CODE_LENGTH) return null
  return [...code].every((c) => CODE_ALPHABET.includes(c)) ? code : null
}

/** A code as printed: groups of four joined by dashes. */
export const formatCode = (code: string) => code.match(/.{1,4}/g)!.join('-')

const COUNT_MESSAGE = `Count must be a whole number from 1 to ${MAX_BATCH.toLocaleString('en-US')}`

/** Body of `POST /api/admin/releases/{id}/codes`. */
export const codeBatchCreateSchema = z.object({
  count: z
    .union([z.number(), z.string()], { error: COUNT_MESSAGE })
    .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? NaN : Number(v)) : v))
    .pipe(z.number({ error: COUNT_MESSAGE }).int(COUNT_MESSAGE).min(1, COUNT_MESSAGE).max(MAX_BATCH, COUNT_MESSAGE)),
  label: requiredText('Label is required', 100),
})

/** Body of `POST /api/redeem` (JSON or the `/redeem` form). */
export const redeemSchema = z.object({
  code: z.string({ error: CODE_NOT_VALID }).trim().min(1, 'Enter your code').max(100, CODE_NOT_VALID),
  email: emailField,
})

/** A batch of codes as the team lists it. */
export type CodeBatch = {
  id: string
  label: string
  count: number
  used: number
  createdAt: string
}

/** What the `/redeem` page says after its form, posted without the script, was refused (`?error=`). */
export const REDEEM_ERRORS = {
  invalid: CODE_NOT_VALID,
  used: CODE_USED,
  tooMany: 'Too many wrong download codes. Please wait a few minutes and try again.',
  email: 'Please enter a valid email address',
  code: 'Enter your code',
} as const
export type RedeemError = keyof typeof REDEEM_ERRORS
