import { APIError, type CollectionBeforeLoginHook } from 'payload'

import { INACTIVE_ACCOUNT_MESSAGE } from '@/lib/accountMessages'
import type { User } from '@/payload-types'

export const refuseInactiveLogin: CollectionBeforeLoginHook<User> = ({ user }) => {
  if (user.isActive === false) throw new APIError(INACTIVE_ACCOUNT_MESSAGE, 403, undefined, true)
  return user
}
