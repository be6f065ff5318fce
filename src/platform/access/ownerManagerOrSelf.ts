import type { Access } from 'payload'

import { canEdit, roleOf } from './roles'

/** Owners and managers see the team; a viewer sees only their own account. */
export const ownerManagerOrSelf: Access = ({ req: { user } }) => {
  if (canEdit(user)) return true
  if (user && roleOf(user) !== null) return { id: { equals: user.id } }
  return false
}
