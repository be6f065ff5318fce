import 'server-only'

import type { User } from '@/payload-types'
import { roleOf, type Role } from '@/platform/access/roles'

import { forbidden, unauthenticated } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'

/** The signed-in, active team member making the request, or null. */
export async function currentUser(request: Request): Promise<User | null> {
  const payload = await payloadClient()
  const { user } = await payload.auth({ headers: request.headers })
  if (!user || user.collection !== 'users' || roleOf(user) === null) return null
  return user as User
}

/** 401 without a session, 403 when the user's role is not among `roles`. */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<User> {
  const user = await currentUser(request)
  if (!user) throw unauthenticated('Unauthorized')
  if (!roles.includes(roleOf(user)!)) throw forbidden('Forbidden: your role does not allow this.')
  return user
}
