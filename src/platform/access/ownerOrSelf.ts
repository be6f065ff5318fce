import type { Access } from 'payload'

import { roleOf } from './roles'

/** Owners edit any account; everyone else only their own (names, password). */
export const ownerOrSelf: Access = ({ req: { user } }) => {
  const role = roleOf(user)
  if (role === 'owner') return true
  if (user && role !== null) return { id: { equals: user.id } }
  return false
}
