import type { User } from '@/payload-types'

export const ROLES = ['owner', 'manager', 'viewer'] as const
export type Role = (typeof ROLES)[number]

/** Everyone on the band's team: they may read the dashboard. */
export const TEAM: readonly Role[] = ROLES
/** The roles that may change content, products, shows, orders and subscribers. */
export const EDITORS: readonly Role[] = ['owner', 'manager']
/** The roles an owner may invite (owners are made by promoting a member). */
export const INVITABLE_ROLES = ['manager', 'viewer'] as const satisfies readonly Role[]

type MaybeUser = Pick<User, 'role' | 'isActive'> | null | undefined

/** The role a signed-in user acts with; a deactivated user has none. */
export function roleOf(user: MaybeUser | { collection?: string }): Role | null {
  const u = user as MaybeUser
  if (!u || u.isActive === false) return null
  return (u.role as Role | undefined) ?? 'viewer'
}

export const canEdit = (user: MaybeUser) => {
  const role = roleOf(user)
  return role !== null && EDITORS.includes(role)
}
