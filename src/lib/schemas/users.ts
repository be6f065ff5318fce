import { z } from 'zod'

import { loadedVersion } from './fields'

export const inviteSchema = z.object({
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  role: z.enum(['manager', 'viewer'], { error: 'Please select a role' }).default('viewer'),
})

export const roleSchema = z.object({
  role: z.enum(['owner', 'manager', 'viewer'], { error: 'Please select a role' }),
  updatedAt: loadedVersion,
})

export const statusSchema = z.object({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
  updatedAt: loadedVersion,
})

export const orderStatusSchema = z.object({
  status: z.enum(['shipped', 'completed'], { error: 'An order can only be marked shipped or completed' }),
})
