import type { Payload } from 'payload'

import type { Role } from '@/platform/access/roles'
import type { User } from '@/payload-types'

export type Actor = Role | 'anonymous'
export const ACTORS: Actor[] = ['anonymous', 'viewer', 'manager', 'owner']
export const EDITORS: Actor[] = ['manager', 'owner']
export const TEAM: Actor[] = ['viewer', 'manager', 'owner']

/** One active user per role, made through the Local API. */
export async function createTeam(payload: Payload): Promise<Record<Role, User>> {
  const users = {} as Record<Role, User>
  for (const role of ['owner', 'manager', 'viewer'] as Role[]) {
    users[role] = (await payload.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: 'password123', role, isActive: true } as never,
      overrideAccess: true,
    })) as User
  }
  return users
}

/** Local API options that act as `actor`: one of `users`, or nobody. */
export const actingAs = (users: Record<Role, User>, actor: Actor) =>
  ({ overrideAccess: false, user: actor === 'anonymous' ? null : { ...users[actor], collection: 'users' } }) as const
