import { z } from 'zod'

import { INVITABLE_ROLES, ROLES } from '@/platform/access/roles'

import { emailField } from '@/lib/schemas/email'
import { loadedVersion } from '@/lib/schemas/fields'

export const inviteSchema = z.object({
  email: emailField,
  role: z.enum(INVITABLE_ROLES, { error: 'Please select a role' }).default('viewer'),
})

export const roleSchema = z.object({
  role: z.enum(ROLES, { error: 'Please select a role' }),
  updatedAt: loadedVersion,
})

export const statusSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  updatedAt: loadedVersion,
})

export const orderStatusSchema = z
  .object({
    status: z.enum(['shipped', 'completed'], { error: 'An order can only be marked shipped or completed' }),
    /** With "shipped" only: the carrier and the parcel's tracking number, both optional. */
    carrier: z.string({ error: 'Enter the carrier as text' }).trim().max(50, 'Use at most 50 characters').optional(),
    trackingNumber: z
      .string({ error: 'Enter the tracking number as text' })
      .trim()
      .max(100, 'Use at most 100 characters')
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.status === 'shipped') return
    for (const key of ['carrier', 'trackingNumber'] as const)
      if (input[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'Only a shipped order has tracking' })
  })
