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

export const checkoutFormSchema = z.object({
  customerName: text(2, 'Name must be at least 2 characters'),
  customerEmail: emailField,
  customerPhone: text(10, 'Phone number must be at least 10 digits', 50),
  shippingAddress: shippingAddressSchema,
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

/** A discount code as typed; empty means none. */
const discountCodeField = z
  .union([z.string(), z.null()], { error: 'Enter the discount code as text' })
  .optional()
  .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()))
  .refine((v) => v === undefined || v.length <= 40, 'This discount code is not valid.')

export const createOrderSchema = checkoutFormSchema.extend({
  items: z
    .array(orderItemSchema, { error: 'Your cart is empty' })
    .min(1, 'Your cart is empty')
    .max(50, 'At most 50 lines per order'),
  // The page also sends its own amounts; the server computes them again and refuses a difference.
  subtotalAmount: money.optional(),
  shippingAmount: money.optional(),
  totalAmount: money.optional(),
  status: z.string().optional(),
  discountCode: discountCodeField,
})

export type CreateOrderInput = Omit<z.infer<typeof createOrderSchema>, 'discountCode'> & { discountCode?: string }

/** `POST /api/checkout/quote`: a cart, where it ships to, and the code to try. */
export const quoteSchema = z.object({
  items: z
    .array(orderItemSchema.extend({ price: money.optional() }), { error: 'Your cart is empty' })
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
