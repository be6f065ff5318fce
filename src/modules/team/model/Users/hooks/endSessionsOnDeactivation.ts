import type { CollectionBeforeChangeHook } from 'payload'

import type { User } from '@/payload-types'

/** A deactivated user's open sessions stop working at once. */
export const endSessionsOnDeactivation: CollectionBeforeChangeHook<User> = ({ data, originalDoc, operation }) => {
  if (operation === 'update' && data.isActive === false && originalDoc?.isActive !== false) {
    data.sessions = []
  }
  return data
}
