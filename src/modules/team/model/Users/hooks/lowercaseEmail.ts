import type { CollectionBeforeValidateHook } from 'payload'

import type { User } from '@/payload-types'

export const lowercaseEmail: CollectionBeforeValidateHook<User> = ({ data }) => {
  if (data && typeof data.email === 'string') data.email = data.email.trim().toLowerCase()
  return data
}
