import { z } from 'zod'

import { emailField } from '@/lib/schemas/email'

export const newsletterSchema = z.object({
  email: emailField,
})
