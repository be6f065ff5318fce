import { z } from 'zod'

import { MONEY } from '@/lib/money'

const money = z.string().regex(MONEY)

export const selectedOptionSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  value: z.string(),
  priceAdjustment: money,
})

/** A cart line as kept in the browser. */
export const cartItemSchema = z.object({
  id: z.string().min(1),
  /** The product's id; for a release, the release's. */
  productId: z.string().min(1),
  /** A release (a download): bought once, at `price`, its fixed price or the amount named. */
  releaseId: z.string().min(1).optional(),
  name: z.string(),
  /** Base price plus the option's adjustment, two decimals. */
  price: money,
  quantity: z.number().int().min(1).max(999),
  imageUrl: z.string().nullable().optional(),
  selectedOption: selectedOptionSchema.nullable().optional(),
})

export type CartItem = z.infer<typeof cartItemSchema>
export type SelectedOption = z.infer<typeof selectedOptionSchema>

export const storedCartSchema = z.object({
  state: z.object({ items: z.array(cartItemSchema).max(200) }),
  version: z.number().optional(),
})
