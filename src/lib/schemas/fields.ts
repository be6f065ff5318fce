import { z } from 'zod'

import { AMOUNT, UNSIGNED_AMOUNT } from '../money'
import { IMAGE_PATH_MESSAGE, isImagePath, normalizeImagePath } from '../objectPath'
import { isTimeZone } from '@/platform/time/showTime'
import { isHttpUrlOrMailto } from '../validators'
import { isCountryCode, toCountryCode } from '../countries'

/** Shared field rules for the dashboard forms and the admin API. */

/** Optional free text: trimmed; empty becomes null. */
export const optionalText = (max: number) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null ? v : v.trim() === '' ? null : v.trim()))
    .pipe(z.union([z.string().max(max, `Must be at most ${max} characters`), z.null(), z.undefined()]))

/** An optional ISO 3166-1 alpha-2 country code ("de" and "UK" read as DE and GB); empty becomes null. */
export const optionalCountry = optionalText(2)
  .transform((v) => (v == null ? v : toCountryCode(v)))
  .refine((v) => v == null || isCountryCode(v), 'Use a two-letter country code such as US or DE')

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`)

/**
 * An amount as people type it: "$5", "US$ 5", "1,299.00" (thousands) and "5,50" (decimal comma)
 * become "5", "5", "1299.00" and "5.50".
 */
export function plainAmount(typed: string): string {
  const sign = typed.trim().startsWith('-') ? '-' : ''
  const bare = typed
    .trim()
    .replace(/^-/, '')
    .replace(/^(US)?\$\s*/i, '')
    .replace(/\s*(USD)$/i, '')
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(bare)) return sign + bare.replace(/,/g, '')
  if (/^\d+,\d{1,2}$/.test(bare)) return sign + bare.replace(',', '.')
  return sign + bare
}

/** A money amount as typed ("19.99", "19.9", "$19.99", 19.99) → "19.99". */
export const moneyString = ({ allowNegative = false, message = 'Enter an amount like 19.99' } = {}) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform((v) => (typeof v === 'number' ? String(v) : plainAmount(v)))
    .refine((v) => (allowNegative ? AMOUNT : UNSIGNED_AMOUNT).test(v), message)
    .transform((v) => {
      const [whole, fraction = ''] = v.split('.')
      return `${whole}.${fraction.padEnd(2, '0')}`
    })

/** Whole number ≥ 0, from a number or a typed string. */
export const wholeNumber = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? NaN : Number(v)) : v))
    .pipe(z.number({ error: message }).int(message).min(0, message).max(1_000_000, message))

export const integer = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((v) => (typeof v === 'string' ? (v.trim() === '' ? 0 : Number(v)) : v))
    .pipe(z.number({ error: message }).int(message).min(-1_000_000, message).max(1_000_000, message))

export const boolean = z.boolean({ error: 'Must be true or false' })

export const url = (message = 'Enter a full URL, such as https://example.com') =>
  z.string({ error: message }).trim().max(2000, message).refine(isHttpUrlOrMailto, message)

export const optionalUrl = (message = 'Enter a full URL, such as https://example.com') =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((v) => (v == null ? v : v.trim() === '' ? null : v.trim()))
    .refine((v) => v == null || (v.length <= 2000 && isHttpUrlOrMailto(v)), message)

/** An image path: "/objects/..." (the prefix is added when missing; upload URLs become their path) or null. */
export const imagePath = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null ? v : v.trim() === '' ? null : normalizeImagePath(v.trim())))
  .refine((v) => v == null || isImagePath(v), IMAGE_PATH_MESSAGE)

/**
 * The record's `updatedAt` when the form was loaded (null for a settings record never saved):
 * a save against a newer record is refused instead of undoing the newer change.
 */
export const loadedVersion = z
  .string({ error: 'updatedAt must be the time the item was loaded' })
  .max(40, 'updatedAt must be the time the item was loaded')
  .refine((v) => !Number.isNaN(Date.parse(v)), 'updatedAt must be the time the item was loaded')
  .nullable()
  .optional()

/** An optional IANA time zone name ("America/Los_Angeles"); empty becomes null. */
export const optionalTimeZone = optionalText(100).refine(
  (v) => v == null || isTimeZone(v),
  'Enter an IANA time zone such as America/Los_Angeles',
)
