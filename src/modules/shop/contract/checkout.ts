import { z } from 'zod'

import { countryName, hasPostalCodes, isCountryCode, needsState, postalCodeFits, toCountryCode } from '@/lib/countries'
import { UNSIGNED_AMOUNT } from '@/lib/money'

import { emailField } from '@/lib/schemas/email'

/** The checkout form and the order request, shared by the /checkout page and POST /api/orders. */

const text = (min: number, message: string, max = 200) =>
  z.string({ error: message }).trim().min(min, message).max(max, `Use at most ${max} characters`)

/**
 * A shipping address. The country is an ISO 3166 alpha-2 code ("UK" is taken as GB), US when
 * absent. A US address keeps its rules and texts (state of 2 or more characters, ZIP code of 5 or
 * more); elsewhere the postal code must fit the country's format (when it has postal codes) and a
 * state is asked only where the country's addresses have one.
 */
export const shippingAddressSchema = z
  .object({
    street: text(5, 'Street address is required'),
    city: text(2, 'City is required', 100),
    state: z
      .string({ error: 'State is required' })
      .trim()
      .max(100, 'Use at most 100 characters')
      .optional()
      .default(''),
    zipCode: z
      .string({ error: 'ZIP code is required' })
      .trim()
      .max(20, 'Use at most 20 characters')
      .optional()
      .default(''),
    country: z
      .string({ error: 'Choose a country' })
      .transform(toCountryCode)
      .optional()
      .default('US')
      .transform((v) => v || 'US')
      .refine((v: string): boolean => isCountryCode(v), 'Choose a country'),
  })
  .check(addressRules())

/**
 * The address rules that depend on the country. They run even when other fields of the address
 * are wrong, so every message shows at once.
 */
function addressRules() {
  const rules = z.superRefine((value: { state: string; zipCode: string; country: string }, ctx) => {
    // The address may be anything here (the rules run even when its shape is wrong).
    if (!value || typeof value !== 'object') return
    const asText = (v: unknown) => (typeof v === 'string' ? v.trim() : '')
    const a = {
      state: asText(value.state),
      zipCode: asText(value.zipCode),
      country: toCountryCode(asText(value.country)) || 'US',
    }
    if (a.country !== 'US' && !isCountryCode(a.country)) return
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (a.country === 'US') {
      if (a.state.length < 2) issue('state', 'State is required')
      if (a.zipCode.length < 5) issue('zipCode', 'ZIP code is required')
      return
    }
    if (needsState(a.country) && a.state.length < 2) issue('state', 'State or province is required')
    if (hasPostalCodes(a.country)) {
      if (!a.zipCode) issue('zipCode', 'Postal code is required')
      else if (!postalCodeFits(a.zipCode, a.country))
        issue('zipCode', `Enter a postal code as used in ${countryName(a.country)}`)
    }
  })
  rules._zod.def.when = () => true
  return rules
}

const PHONE_MESSAGE = 'Phone number must be at least 10 digits'

export const checkoutFormSchema = z.object({
  customerName: text(2, 'Name must be at least 2 characters'),
  customerEmail: emailField,
  customerPhone: text(10, PHONE_MESSAGE, 50),
  shippingAddress: shippingAddressSchema,
})

/**
 * The contact of an order of releases only: nothing ships, so the phone may be left out (null);
 * a phone given still has at least 10 characters.
 */
export const digitalContactSchema = checkoutFormSchema.pick({ customerName: true, customerEmail: true }).extend({
  customerPhone: z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .max(50, 'Use at most 50 characters')
    .refine((v) => v === '' || v.length >= 10, PHONE_MESSAGE)
    .nullish()
    .transform((v) => v || null),
})

export type CheckoutForm = z.input<typeof checkoutFormSchema>

/** "19.99" or 19.99: an amount with at most two decimals. */
const money = z
  .union([z.string(), z.number()])
  .refine((v) => UNSIGNED_AMOUNT.test(typeof v === 'number' ? String(v) : v.trim()), {
    message: 'Use an amount such as 19.99',
  })

export const orderItemSchema = z.object({
  productId: z.uuid('Unknown product'),
  productOptionId: z.uuid('Unknown option').nullish(),
  quantity: z
    .number({ error: 'Quantity must be a whole number of 1 or more' })
    .int('Quantity must be a whole number of 1 or more')
    .min(1, 'Quantity must be a whole number of 1 or more')
    .max(100, 'At most 100 of one item per order'),
  price: money,
})

/** A release bought once, at its fixed price or at the amount the fan names (name-your-price). */
export const releaseItemSchema = z.object({
  releaseId: z.uuid('Unknown release'),
  quantity: z.literal(1, { error: 'A release is bought once per order: quantity must be 1' }).optional().default(1),
  price: money,
})

/** An order line that names a release rather than a product. */
export const isReleaseLine = (line: unknown): boolean =>
  typeof line === 'object' && line !== null && 'releaseId' in line && !('productId' in line)

type ProductLine = z.output<typeof orderItemSchema>
export type ReleaseLine = z.output<typeof releaseItemSchema>

/**
 * A line of a cart: a product (`{productId, productOptionId?, quantity, price}`) or a release
 * (`{releaseId, quantity: 1, price}`), each checked by its own schema so its messages stay its own.
 */
function cartLine<P extends z.ZodType, R extends z.ZodType>(product: P, release: R) {
  return z.unknown().transform((value, ctx): z.output<P> | z.output<R> => {
    const result = (isReleaseLine(value) ? release : product).safeParse(value)
    if (result.success) return result.data
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0])
    return z.NEVER
  })
}

/** The sentence a buyer of a download agrees to; an order with a release and without it is refused with it. */
export const DIGITAL_CONSENT =
  'Deliver my download now: I understand that I lose my 14-day right of withdrawal once the download starts'

/** A discount code as typed; empty means none. */
const discountCodeField = z
  .union([z.string(), z.null()], { error: 'Enter the discount code as text' })
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()))
  .refine((v) => v === undefined || v.length <= 40, 'This discount code is not valid.')

const orderLines = z
  .array(cartLine(orderItemSchema, releaseItemSchema), { error: 'Your cart is empty' })
  .min(1, 'Your cart is empty')
  .max(50, 'At most 50 lines per order')

const orderFields = {
  items: orderLines,
  // The page also sends its own amounts; the server computes them again and refuses a difference.
  subtotalAmount: money.optional(),
  shippingAmount: money.optional(),
  totalAmount: money.optional(),
  status: z.string().optional(),
  discountCode: discountCodeField,
  /** The buyer ticked the box asking for the download now (see DIGITAL_CONSENT). */
  digitalConsent: z.boolean({ error: 'Tick the box or leave it unticked' }).optional().default(false),
}

const physicalOrderSchema = checkoutFormSchema.extend(orderFields)

/** An order of releases only: nothing ships, so only the country (where the tax is owed) is asked, and no phone. */
const digitalOrderSchema = digitalContactSchema.extend({
  ...orderFields,
  shippingAddress: z
    .object({ country: shippingAddressSchema.shape.country }, { error: 'Choose a country' })
    .nullish()
    .transform((v) => ({ country: v?.country ?? 'US' })),
})

/** Whether every line of a cart is a release: nothing ships, and no address is asked. */
export const isDigitalOnly = (items: unknown): boolean =>
  Array.isArray(items) && items.length > 0 && items.every(isReleaseLine)

/** The order request: the shipping address is asked exactly when a line is a product. */
export const createOrderSchema = z
  .unknown()
  .transform((value, ctx): z.output<typeof physicalOrderSchema> | z.output<typeof digitalOrderSchema> => {
    const body = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
    const digitalOnly = isDigitalOnly(body?.items)
    // A missing address is an empty one: each of its fields then says what it needs.
    const input = body && !digitalOnly && body.shippingAddress == null ? { ...body, shippingAddress: {} } : value
    const result = (digitalOnly ? digitalOrderSchema : physicalOrderSchema).safeParse(input)
    if (result.success) return result.data
    for (const issue of result.error.issues) ctx.addIssue({ ...issue } as Parameters<typeof ctx.addIssue>[0])
    return z.NEVER
  })

export type OrderLine = ProductLine | ReleaseLine
/** The address of a shipped order; an order of releases only has just the country. */
export type OrderAddress = z.output<typeof shippingAddressSchema> | { country: string }

export type CreateOrderInput = Omit<
  z.output<typeof physicalOrderSchema>,
  'discountCode' | 'shippingAddress' | 'digitalConsent' | 'customerPhone'
> & {
  /** Null when an order of releases only was given none. */
  customerPhone: string | null
  discountCode?: string
  shippingAddress: OrderAddress
  digitalConsent?: boolean
}

/** `POST /api/checkout/quote`: a cart, where it ships to, and the code to try. */
export const quoteSchema = z.object({
  items: z
    .array(cartLine(orderItemSchema.extend({ price: money.optional() }), releaseItemSchema), {
      error: 'Your cart is empty',
    })
    .min(1, 'Your cart is empty')
    .max(50, 'At most 50 lines per order'),
  country: shippingAddressSchema.shape.country,
  state: z.string().trim().max(100, 'Use at most 100 characters').optional(),
  postalCode: z.string().trim().max(20, 'Use at most 20 characters').optional(),
  discountCode: discountCodeField,
})

export type QuoteInput = Omit<z.infer<typeof quoteSchema>, 'discountCode'> & { discountCode?: string }

export const bindCheckoutSchema = z.object({ orderId: z.uuid('Order not found') })

export const createPaymentSchema = z.object({
  amount: money.optional(),
  currency: z.string().trim().toUpperCase().optional(),
  intent: z.string().trim().toUpperCase().optional(),
  /** Which of this browser's orders to pay; the latest one bound when absent. */
  orderId: z.uuid('Order not found').optional(),
})

export const capturePaymentSchema = z.object({
  /** Test provider only: "declined" declines the payment, "pending" leaves it pending. */
  testOutcome: z.enum(['completed', 'declined', 'pending']).optional(),
})
