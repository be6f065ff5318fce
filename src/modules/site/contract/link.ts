import { z } from 'zod'

import { boolean, integer, loadedVersion, optionalText, requiredText, url } from '@/lib/schemas/fields'

const fields = {
  title: requiredText('Title is required'),
  url: url(),
  icon: optionalText(200),
  isActive: boolean,
  order: integer('Order must be a whole number'),
}

export const linkSchema = z.object({
  ...fields,
  id: z.string().optional(),
  isActive: fields.isActive.default(true),
  order: fields.order.default(0),
})

/** Updates change only the fields sent (no defaults). */
export const linkUpdateSchema = z.object(fields).partial().extend({ updatedAt: loadedVersion })
