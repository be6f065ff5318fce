import { z } from 'zod'

import { DISCOUNT_KINDS } from './discounts'

import { boolean, loadedVersion, moneyString } from '@/lib/schemas/fields'
import { isStorableDate } from '@/lib/validators'

/** The dashboard's discount-code form and the admin API (POST and PUT /api/admin/discount-codes). */

const CODE_MESSAGE = 'Use 3 to 40 letters, digits, dashes or underscores'

const optionalDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? (v === undefined ? undefined : null) : v.trim()))
  .refine((v) => v == null || isStorableDate(new Date(v)), 'Enter a date such as 2030-05-01')
  .transform((v) => (v == null ? v : new Date(v).toISOString()))

const fields = {
  code: z
    .string({ error: CODE_MESSAGE })
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,40}$/, CODE_MESSAGE),
  kind: z.enum(DISCOUNT_KINDS, { error: 'Choose percent, amount or freeShipping' }),
  /** A percent for "percent" (1 to 100), an amount such as "5.00" for "amount"; ignored for free shipping. */
  value: z.union([z.string(), z.number(), z.null()]).optional(),
  minSubtotal: z.union([moneyString({ message: 'Enter an amount like 25.00' }), z.null()]).optional(),
  startsAt: optionalDate,
  endsAt: optionalDate,
  maxUses: z
    .union([z.number().int().min(1).max(1_000_000), z.null()], {
      error: 'Uses allowed must be a whole number of 1 or more',
    })
    .optional(),
  oncePerEmail: boolean.optional(),
  productIds: z
    .array(z.uuid('Unknown product'), { error: 'Products must be a list of product ids' })
    .max(200)
    .optional(),
}

type Value = { kind?: string; value?: unknown; startsAt?: string | null; endsAt?: string | null }

/** The value as stored: a percent for "percent", cents for "amount", null for free shipping. */
function checkValue(input: Value, ctx: z.RefinementCtx) {
  if (input.kind === 'percent') {
    const n = typeof input.value === 'string' ? Number(input.value.trim().replace(/%$/, '')) : input.value
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 100)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percent must be a whole number from 1 to 100' })
  } else if (input.kind === 'amount') {
    const parsed = moneyString().safeParse(input.value)
    if (!parsed.success || Number(parsed.data) <= 0)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter an amount like 5.00' })
  }
  if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must be after the start' })
}

export const discountCodeSchema = z.object(fields).superRefine(checkValue)

export const discountCodeUpdateSchema = z
  .object(fields)
  .partial()
  .extend({ updatedAt: loadedVersion })
  .superRefine((input, ctx) => {
    // A new value is checked against its kind, which must come with it.
    if (input.value !== undefined && input.kind === undefined)
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'Send the kind with the value' })
    else if (input.kind !== undefined) checkValue(input, ctx)
  })

export type DiscountCodeInput = z.infer<typeof discountCodeSchema>

/** The stored value of a validated input: a whole percent, cents, or null. */
export function storedDiscountValue(kind: string | undefined, value: unknown): number | null | undefined {
  if (kind === undefined) return undefined
  if (kind === 'percent') return Number(String(value).trim().replace(/%$/, ''))
  if (kind === 'amount') {
    const amount = moneyString().parse(value)
    const [whole, fraction] = amount.split('.')
    return Number(whole) * 100 + Number(fraction)
  }
  return null
}

/** The dashboard's form (every field as typed) → the API's body, checked by the same rules. */
export const discountCodeFormSchema = z
  .object({
    code: z.string(),
    kind: z.string(),
    value: z.string(),
    minSubtotal: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    maxUses: z.string(),
    oncePerEmail: z.boolean(),
  })
  .transform((f): z.input<typeof discountCodeSchema> => ({
    code: f.code,
    kind: f.kind as (typeof DISCOUNT_KINDS)[number],
    value: f.kind === 'freeShipping' ? null : f.kind === 'percent' ? Number(f.value.trim().replace(/%$/, '')) : f.value,
    minSubtotal: f.minSubtotal.trim() === '' ? null : f.minSubtotal,
    startsAt: f.startsAt || null,
    endsAt: f.endsAt || null,
    maxUses: f.maxUses.trim() === '' ? null : Number(f.maxUses),
    oncePerEmail: f.oncePerEmail,
  }))
  .pipe(discountCodeSchema)
