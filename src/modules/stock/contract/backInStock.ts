import { z } from 'zod'

import { emailField } from '@/lib/schemas/email'

/** `POST /api/products/{id}/notify`: who waits, and for which size (null for a product without sizes). */
export const backInStockSchema = z.object({
  email: emailField,
  productOptionId: z.union([z.uuid('Unknown size'), z.null()], { error: 'Unknown size' }).default(null),
})

/** The same, as the card's form posts it without the page's script: an empty size is none. */
export const backInStockFormSchema = z.object({
  email: emailField,
  productOptionId: z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.union([z.uuid('Unknown size'), z.null()])),
})
