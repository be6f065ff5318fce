import { z } from 'zod'

import { emailField } from '@/lib/schemas/email'

const email = emailField

export const newPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')

const name = z.string().trim().max(100, 'Names must be at most 100 characters').optional()

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})

export const setupSchema = z.object({ email, password: newPassword, firstName: name, lastName: name })

export const acceptInviteSchema = z.object({
  token: z
    .string({ error: 'The invitation link is incomplete.' })
    .min(1, 'The invitation link is incomplete.')
    .max(200),
  password: newPassword,
  firstName: name,
  lastName: name,
})
