import { APIError, type CollectionBeforeLoginHook } from 'payload'

import type { User } from '@/payload-types'

export const INACTIVE_ACCOUNT_MESSAGE = 'This account has been deactivated. Ask the band owner to reactivate it.'

export const refuseInactiveLogin: CollectionBeforeLoginHook<User> = ({ user }) => {
  if (user.isActive === false) throw new APIError(INACTIVE_ACCOUNT_MESSAGE, 403, undefined, true)
  return user
}
