import { z } from 'zod'

import { INVITABLE_ROLES, ROLES } from '@/access/roles'

import { emailField } from './email'
import { loadedVersion } from './fields'

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

export const orderStatusSchema = z.object({
  status: z.enum(['shipped', 'completed'], { error: 'An order can only be marked shipped or completed' }),
})
