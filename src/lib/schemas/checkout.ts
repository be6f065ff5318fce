import { z } from 'zod'

import { UNSIGNED_AMOUNT } from '../money'

import { emailField } from './email'

/** The checkout form and the order request, shared by the /checkout page and POST /api/orders. */

const text = (min: number, message: string, max = 200) =>
  z.string({ error: message }).trim().min(min, message).max(max, `Use at most ${max} characters`)

export const shippingAddressSchema = z.object({
  street: text(5, 'Street address is required'),
  city: text(2, 'City is required', 100),
  state: text(2, 'State is required', 100),
  zipCode: text(5, 'ZIP code is required', 20),
  country: z
    .string()
    .trim()
    .max(100)
    .optional()
    .default('US')
    .transform((v) => v || 'US'),
})

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
  /** A discount code as typed; empty means none. */
  discountCode: z
    .union([z.string(), z.null()], { error: 'Enter the discount code as text' })
    .optional()
    .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim()))
    .refine((v) => v === undefined || v.length <= 40, 'This discount code is not valid.'),
})

export type CreateOrderInput = Omit<z.infer<typeof createOrderSchema>, 'discountCode'> & { discountCode?: string }

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
