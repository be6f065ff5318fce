import { z } from 'zod'

import { isShipDate, SHIP_DATE_MESSAGE } from '@/modules/stock/contract/preorder'

import {
  boolean,
  imagePath,
  loadedVersion,
  moneyString,
  optionalText,
  requiredText,
  wholeNumber,
} from '@/lib/schemas/fields'

const CAP_MESSAGE = 'The pre-order cap must be a whole number of 0 or more.'

/** A pre-order's ship date ("YYYY-MM-DD"); empty or null: not on pre-order. */
const preorderShipsOn = z
  .union([z.string(), z.null()], { error: SHIP_DATE_MESSAGE })
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine((v) => v === null || isShipDate(v), SHIP_DATE_MESSAGE)

/** How many units a pre-order may sell beyond stock; empty or null: no limit. */
const preorderCap = z
  .union([z.number(), z.string(), z.null()], { error: CAP_MESSAGE })
  .transform((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : Number(v)))
  .pipe(z.number({ error: CAP_MESSAGE }).int(CAP_MESSAGE).min(0, CAP_MESSAGE).max(1_000_000, CAP_MESSAGE).nullable())

const preorder = { preorderShipsOn, preorderCap }

const RELEASE_MESSAGE = 'Choose a release from the list, or none.'

/** The release the product includes (its id); empty or null: none. */
const includesReleaseId = z
  .union([z.string(), z.null()], { error: RELEASE_MESSAGE })
  .transform((v) => (v?.trim() ? v.trim() : null))
  .refine(
    (v) => v === null || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
    RELEASE_MESSAGE,
  )

const fields = {
  name: requiredText('Name is required'),
  description: optionalText(5000),
  price: moneyString({ message: 'Price is required (e.g. 19.99)' }),
  imageUrl: imagePath,
  category: optionalText(100),
  inventory: wholeNumber('Inventory must be a whole number of 0 or more'),
  lowStockThreshold: wholeNumber('Low-stock alert must be a whole number of 0 or more'),
  ...preorder,
  isActive: boolean,
  isFeatured: boolean,
  includesReleaseId,
}

export const productSchema = z.object({
  ...fields,
  id: z.string().optional(),
  inventory: fields.inventory.default(0),
  lowStockThreshold: fields.lowStockThreshold.default(3),
  isActive: fields.isActive.default(true),
  isFeatured: fields.isFeatured.default(false),
  preorderShipsOn: preorderShipsOn.default(null),
  preorderCap: preorderCap.default(null),
  includesReleaseId: includesReleaseId.default(null),
})

/** Updates change only the fields sent (no defaults). */
export const productUpdateSchema = z.object(fields).partial().extend({ updatedAt: loadedVersion })

/** Option stock as typed: parsed as an integer; blank or invalid becomes 0. */
const optionStock = z
  .unknown()
  .transform((v) => {
    const n = typeof v === 'number' ? v : typeof v === 'string' ? Number.parseInt(v.trim(), 10) : NaN
    return Number.isFinite(n) ? Math.trunc(n) : 0
  })
  .pipe(z.number().int().min(0, 'Stock cannot be negative').max(1_000_000, 'Stock is too large'))

export const optionSchema = z.object({
  productId: z.string().optional(),
  name: z
    .string()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : 'Size'))
    .pipe(z.string().max(100, 'Must be at most 100 characters')),
  value: z
    .string({ error: 'Option value is required' })
    .trim()
    .min(1, 'Option value is required')
    .max(100, 'Must be at most 100 characters'),
  priceAdjustment: moneyString({ allowNegative: true, message: 'Enter an adjustment like 2.00' }).default('0.00'),
  inventory: optionStock.default(0),
  preorderShipsOn: preorderShipsOn.default(null),
  preorderCap: preorderCap.default(null),
  isActive: boolean.default(true),
})

export type OptionInput = z.infer<typeof optionSchema>

/** An option edited in place: only the fields sent change, each checked strictly. */
export const optionUpdateSchema = z
  .object({
    name: requiredText('Option name is required', 100),
    value: requiredText('Option value is required', 100),
    priceAdjustment: moneyString({ allowNegative: true, message: 'Enter an adjustment like 2.00' }),
    inventory: wholeNumber('Stock must be a whole number of 0 or more'),
    ...preorder,
    isActive: boolean,
  })
  .partial()
  .extend({ updatedAt: loadedVersion })

export type OptionUpdate = z.infer<typeof optionUpdateSchema>
