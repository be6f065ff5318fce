import type { User } from '@/payload-types'

export const ROLES = ['owner', 'manager', 'viewer'] as const
export type Role = (typeof ROLES)[number]

type MaybeUser = Pick<User, 'role' | 'isActive'> | null | undefined

/** The role a signed-in user acts with; a deactivated user has none. */
export function roleOf(user: MaybeUser | { collection?: string }): Role | null {
  const u = user as MaybeUser
  if (!u || u.isActive === false) return null
  return (u.role as Role | undefined) ?? 'viewer'
}

export const canEdit = (user: MaybeUser) => {
  const role = roleOf(user)
  return role === 'owner' || role === 'manager'
}
