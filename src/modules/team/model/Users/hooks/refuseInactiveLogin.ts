import { type CollectionBeforeLoginHook } from 'payload'

import { Refusal } from '@/platform/db/refusal'
import { INACTIVE_ACCOUNT_MESSAGE } from '@/modules/team/contract/accountMessages'
import type { User } from '@/payload-types'

export const refuseInactiveLogin: CollectionBeforeLoginHook<User> = ({ user }) => {
  if (user.isActive === false) throw new Refusal('forbidden', INACTIVE_ACCOUNT_MESSAGE)
  return user
}
