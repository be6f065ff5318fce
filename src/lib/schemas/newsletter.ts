import { z } from 'zod'

import { emailField } from './email'

export const newsletterSchema = z.object({
  email: emailField,
})
