import type { User } from '@/payload-types'

/** Plain JSON shapes of the specification (money as "0.00" strings, relations as ids). */

/** A team member as the dashboard sees them (no password hashes, sessions or tokens). */
export const serializeUser = (user: User) => ({
  id: user.id,
  email: user.email,
  firstName: user.firstName ?? null,
  lastName: user.lastName ?? null,
  profileImageUrl: user.profileImageUrl ?? null,
  role: user.role,
  isActive: user.isActive,
  invitedBy: typeof user.invitedBy === 'object' && user.invitedBy ? user.invitedBy.id : (user.invitedBy ?? null),
  createdAt: user.createdAt,
  updatedAt: user.updatedAt,
})
