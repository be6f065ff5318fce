import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import { APIError, AuthenticationError, commitTransaction, createLocalReq, initTransaction, killTransaction, LockedAuth, type Payload } from 'payload'

import type { User } from '@/payload-types'
import type { Role } from '@/access/roles'
import { INACTIVE_ACCOUNT_MESSAGE } from '@/collections/Users/hooks/refuseInactiveLogin'

import { HttpError } from './http'

export const INVITATION_DAYS = 7
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000

export type SignedIn = { user: User; token: string }

/** Email + password sign-in; wrong credentials, locked and deactivated accounts are refused. */
export async function signIn(payload: Payload, email: string, password: string): Promise<SignedIn> {
  try {
    const result = await payload.login({ collection: 'users', data: { email, password }, overrideAccess: true })
    if (!result.token || !result.user) throw new HttpError(401, 'The email or password is incorrect.')
    return { user: result.user as User, token: result.token }
  } catch (error) {
    if (error instanceof LockedAuth) {
      throw new HttpError(429, 'Too many failed sign-in attempts. Try again in 10 minutes.')
    }
    if (error instanceof AuthenticationError) throw new HttpError(401, 'The email or password is incorrect.')
    if (error instanceof APIError && error.message === INACTIVE_ACCOUNT_MESSAGE) throw new HttpError(403, INACTIVE_ACCOUNT_MESSAGE)
    throw error
  }
}

/** Creates the first owner, only while the site has no user at all (concurrent attempts serialise). */
export async function setupOwner(
  payload: Payload,
  data: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<SignedIn> {
  const req = await createLocalReq({}, payload)
  const shouldCommit = await initTransaction(req)
  try {
    const session = payload.db.sessions?.[(await req.transactionID) as string] as { db: typeof payload.db.drizzle } | undefined
    await (session?.db ?? payload.db.drizzle).execute(sql`SELECT pg_advisory_xact_lock(hashtext('owner-setup'))`)
    const { totalDocs } = await payload.count({ collection: 'users', req, overrideAccess: true })
    if (totalDocs > 0) throw new HttpError(403, 'The owner account already exists. Please sign in.')
    await payload.create({
      collection: 'users',
      data: { ...data, role: 'owner', isActive: true },
      req,
      overrideAccess: true,
    })
    if (shouldCommit) await commitTransaction(req)
  } catch (error) {
    await killTransaction(req)
    throw error
  }
  return signIn(payload, data.email, data.password)
}

/**
 * Creates an invited team member with an unusable random password and returns the single-use
 * token of their invitation link (valid 7 days).
 */
export async function createInvitation(
  payload: Payload,
  data: { email: string; role: Exclude<Role, 'owner'>; invitedBy: string },
): Promise<{ user: User; token: string }> {
  const existing = await payload.count({ collection: 'users', where: { email: { equals: data.email } }, overrideAccess: true })
  if (existing.totalDocs > 0) throw new HttpError(409, 'A team member with this email already exists.')
  const user = (await payload.create({
    collection: 'users',
    data: {
      email: data.email,
      password: crypto.randomBytes(32).toString('base64url'),
      role: data.role,
      isActive: true,
      invitedBy: data.invitedBy,
    },
    overrideAccess: true,
  })) as User
  const token = await payload.forgotPassword({
    collection: 'users',
    data: { email: data.email },
    disableEmail: true,
    expiration: INVITATION_MS,
  })
  if (!token) throw new Error('Payload did not return an invitation token')
  return { user, token }
}

/** Sets the invited user's password from their invitation token (single use) and signs them in. */
export async function acceptInvitation(
  payload: Payload,
  data: { token: string; password: string; firstName?: string; lastName?: string },
): Promise<SignedIn> {
  const invited = await payload.find({
    collection: 'users',
    where: { resetPasswordToken: { equals: data.token } },
    limit: 1,
    overrideAccess: true,
    showHiddenFields: true,
  })
  const user = invited.docs[0] as (User & { resetPasswordExpiration?: string | null }) | undefined
  if (!user || !user.resetPasswordExpiration || new Date(user.resetPasswordExpiration).getTime() < Date.now()) {
    throw new HttpError(400, 'This invitation link is invalid or has expired. Ask the band owner for a new one.')
  }
  if (user.isActive === false) throw new HttpError(403, INACTIVE_ACCOUNT_MESSAGE)
  const result = await payload.resetPassword({
    collection: 'users',
    data: { token: data.token, password: data.password },
    overrideAccess: true,
  })
  if (data.firstName || data.lastName) {
    await payload.update({
      collection: 'users',
      id: user.id,
      data: { firstName: data.firstName || user.firstName, lastName: data.lastName || user.lastName },
      overrideAccess: true,
    })
  }
  if (!result.token) return signIn(payload, user.email, data.password)
  return { user: { ...(result.user as unknown as User), firstName: data.firstName || user.firstName, lastName: data.lastName || user.lastName }, token: result.token }
}
