import { type CollectionBeforeLoginHook } from 'payload'

import { Refusal } from '@/hooks/refusal'
import { INACTIVE_ACCOUNT_MESSAGE } from '@/lib/accountMessages'
import type { User } from '@/payload-types'

export const refuseInactiveLogin: CollectionBeforeLoginHook<User> = ({ user }) => {
  if (user.isActive === false) throw new Refusal(INACTIVE_ACCOUNT_MESSAGE, 403)
  return user
}
