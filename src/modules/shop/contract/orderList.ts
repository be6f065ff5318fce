import { z } from 'zod'

import { listQuerySchema } from '@/lib/schemas/lists'

import { ORDER_STATUSES } from './orderStatus'

/** The dashboard's order list: a page of orders, by status and by whether they hold pre-order items. */
export const orderListQuerySchema = listQuerySchema.extend({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
  /** true: only orders with a pre-order item; false: only orders without one. */
  preorder: z
    .enum(['true', 'false'], { error: 'preorder must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
})

export type OrderListQuery = z.infer<typeof orderListQuerySchema>
