import { z } from 'zod'

import { AMOUNT, formatCents, MAX_INT_CENTS, toCents } from '@/lib/money'
import { moneyString, optionalText, requiredText } from '@/lib/schemas/fields'

/** The merch table: what a till link sends and what the team sends to open, count and settle a show. */

const SALE_ID_MESSAGE = 'The sale needs an id made on the phone (a UUID)'
const QUANTITY_MESSAGE = 'Quantity must be a whole number from 1 to 999'
const COUNT_MESSAGE = 'Count must be a whole number from 0 to 100000'
/** The tables keep amounts in 32-bit integer cents: a sale's or a count's amount stays within them. */
const MAX_AMOUNT = formatCents(MAX_INT_CENTS)
/** Cents of an amount, or 0 while it is not one (its own field reports that). */
const centsOf = (v: unknown) => (typeof v === 'string' && AMOUNT.test(v) ? toCents(v) : 0)
const withinColumn = (message: string) =>
  moneyString({ message }).refine((v) => centsOf(v) <= MAX_INT_CENTS, `At most ${MAX_AMOUNT}`)

/** A till link: when it stops working (default: the end of the show's day plus 12 hours). */
export const tillCreateSchema = z
  .object({
    expiresAt: z.iso
      .datetime({ offset: true, message: 'Enter a time such as 2026-12-06T23:59:00Z' })
      .optional()
      .transform((v) => (v === undefined ? undefined : new Date(v).toISOString())),
  })
  .strict()

const quantity = z
  .number({ error: QUANTITY_MESSAGE })
  .int(QUANTITY_MESSAGE)
  .min(1, QUANTITY_MESSAGE)
  .max(999, QUANTITY_MESSAGE)

export const tillProductItemSchema = z
  .object({
    productId: z.uuid('Unknown product'),
    productOptionId: z.union([z.uuid('Unknown size'), z.null()], { error: 'Unknown size' }),
    quantity,
    unitPrice: withinColumn('Enter a price like 25.00'),
  })
  .strict()

/** A release sold at the table: one download code per unit, from the codes the till link holds. */
export const tillReleaseItemSchema = z
  .object({
    releaseId: z.uuid('Unknown release'),
    quantity,
    unitPrice: withinColumn('Enter a price like 9.99'),
    codes: z.array(z.string().regex(/^[A-Z0-9]{12}$/, 'Unknown download code')).max(999),
  })
  .strict()
  .refine((line) => line.codes.length === line.quantity, {
    message: 'A release needs one download code per unit',
    path: ['codes'],
  })

/** A sale's line: a release when it names one, else a product (each schema's own messages, on its fields). */
export const tillSaleItemSchema = z
  .unknown()
  .transform((value, ctx): z.infer<typeof tillProductItemSchema> | z.infer<typeof tillReleaseItemSchema> => {
    const releaseLine = typeof value === 'object' && value !== null && 'releaseId' in value
    const result = (releaseLine ? tillReleaseItemSchema : tillProductItemSchema).safeParse(value)
    if (result.success) return result.data
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
    return z.NEVER
  })

/** One sale rung up at the table. Its id is made on the phone, so sending it again records nothing new. */
export const tillSaleSchema = z
  .object({
    id: z.uuid(SALE_ID_MESSAGE),
    at: z.iso.datetime({ offset: true, message: 'The sale needs its time, such as 2026-12-06T21:14:00Z' }),
    items: z
      .array(tillSaleItemSchema, { error: 'A sale needs at least one item' })
      .min(1, 'A sale needs at least one item')
      .max(100, 'A sale has at most 100 lines'),
    payment: z.enum(['cash', 'card'], { error: 'Payment must be "cash" or "card"' }),
    discount: z
      .object({
        amount: withinColumn('Enter a discount like 5.00'),
        reason: requiredText('Say why the discount was given', 200),
      })
      .strict()
      .optional(),
    /** Given away: counted as a comp at its price, no money taken. */
    comp: z
      .object({ reason: requiredText('Say who the comp was for', 200) })
      .strict()
      .optional(),
  })
  .strict()
  .refine(
    (s) => s.items.reduce((sum, i) => sum + (Number(i.quantity) || 0) * centsOf(i.unitPrice), 0) <= MAX_INT_CENTS,
    {
      message: `A sale totals at most ${MAX_AMOUNT}`,
      path: ['items'],
    },
  )
  .refine((s) => !(s.discount && s.comp), {
    message: 'A sale is either discounted or a comp, not both',
    path: ['comp'],
  })

export const tillVoidSchema = z.object({ reason: optionalText(200) }).strict()

const countLine = z
  .object({
    productId: z.uuid('Unknown product'),
    productOptionId: z.union([z.uuid('Unknown size'), z.null()], { error: 'Unknown size' }),
    quantity: z.number({ error: COUNT_MESSAGE }).int(COUNT_MESSAGE).min(0, COUNT_MESSAGE).max(100_000, COUNT_MESSAGE),
  })
  .strict()

const countLines = z
  .array(countLine, { error: 'Lines must be a list of { productId, productOptionId, quantity }' })
  .max(2000, 'At most 2000 lines')
  .refine(
    (lines) => new Set(lines.map((l) => l.productOptionId ?? l.productId)).size === lines.length,
    'Each product and size may appear once',
  )

/** What goes into the show's box from the shop's stock. */
export const countInSchema = z.object({ lines: countLines }).strict()

/** What is left in the box at the end of the night, and the cash counted. */
export const countOutSchema = z
  .object({
    lines: countLines,
    cashCounted: withinColumn('Enter the cash counted, like 412.50').optional(),
  })
  .strict()

/** The venue's share of the table's takings, in percent (0 to 100, two decimals at most). */
export const venueCutSchema = z
  .object({
    percent: z
      .union([z.number(), z.string()], { error: 'Enter a percent from 0 to 100' })
      .transform((v) => (typeof v === 'string' ? Number(v.trim().replace(/%$/, '')) : v))
      .refine(
        (v) => Number.isFinite(v) && v >= 0 && v <= 100 && Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
        'Enter a percent from 0 to 100',
      ),
  })
  .strict()

export type TillSaleInput = z.infer<typeof tillSaleSchema>
export type TillProductItem = z.infer<typeof tillProductItemSchema>
export type TillReleaseItem = z.infer<typeof tillReleaseItemSchema>
/** A sale with its product lines only. */
export type TillProductSale = Omit<TillSaleInput, 'items'> & { items: TillProductItem[] }
export const isReleaseItem = (item: TillProductItem | TillReleaseItem): item is TillReleaseItem => 'releaseId' in item
export type CountLineInput = z.infer<typeof countLine>

/** One line of the catalogue a till link reads (`GET /api/till/{token}`), as the till shows it. */
export type CatalogItem = {
  productId: string
  productOptionId: string | null
  name: string
  size: string | null
  price: string
  stock: number
  /** "box": counted in for this show, so the stock shown is what is left in the box. */
  source: 'stock' | 'box'
  /** A release (its id is also `productId`): sold with one of `codes`, the download codes the link holds. */
  releaseId?: string
  codes?: string[]
}

/** The catalogue a till link reads: its show, when the link ends, and what it sells. */
export type TillCatalog = {
  show: { id: string; title: string; venue: string; date: string }
  expiresAt: string
  items: CatalogItem[]
}
