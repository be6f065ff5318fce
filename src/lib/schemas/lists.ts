import { z } from 'zod'

/** Paging of the team's growing lists (orders, subscribers): newest first, page by page. */
export const PAGE_SIZE = { default: 50, max: 200 } as const

const limit = z
  .string()
  .regex(/^\d{1,4}$/, `limit must be a whole number from 1 to ${PAGE_SIZE.max}`)
  .transform(Number)
  .pipe(
    z
      .number()
      .int()
      .min(1, `limit must be a whole number from 1 to ${PAGE_SIZE.max}`)
      .max(PAGE_SIZE.max, `limit must be a whole number from 1 to ${PAGE_SIZE.max}`),
  )

export const listQuerySchema = z.object({
  limit: limit.optional().transform((v) => v ?? PAGE_SIZE.default),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'cursor is not valid')
    .optional(),
  q: z
    .string()
    .trim()
    .max(100, 'q must be at most 100 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
})

export type ListQuery = z.infer<typeof listQuerySchema>
