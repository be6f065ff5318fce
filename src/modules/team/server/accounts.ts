import 'server-only'

import crypto from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import {
  AuthenticationError,
  commitTransaction,
  createLocalReq,
  initTransaction,
  killTransaction,
  LockedAuth,
  loginOperation,
  type Payload,
} from 'payload'

import type { User } from '@/payload-types'
import type { Role } from '@/platform/access/roles'
import { INACTIVE_ACCOUNT_MESSAGE } from '@/modules/team/contract/accountMessages'

import { conflict, forbidden, invalid, isDomainError, tooMany, unauthenticated } from '@/platform/errors'
import { withTransaction } from '@/platform/db/transaction'

export const INVITATION_DAYS = 7
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000

export type SignedIn = { user: User; token: string }

/** Email + password sign-in; wrong credentials, locked and deactivated accounts are refused. */
export async function signIn(payload: Payload, email: string, password: string): Promise<SignedIn> {
  try {
    // The operation itself, not payload.login(): the collection keeps tokens out of every answer.
    const result = await loginOperation({
      collection: payload.collections.users,
      data: { email, password },
      overrideAccess: true,
      req: await createLocalReq({}, payload),
    })
    if (!result.token || !result.user) throw unauthenticated('The email or password is incorrect.')
    return { user: result.user as User, token: result.token }
  } catch (error) {
    if (error instanceof LockedAuth) {
      throw tooMany('Too many failed sign-in attempts. Try again in 10 minutes.')
    }
    if (error instanceof AuthenticationError) throw unauthenticated('The email or password is incorrect.')
    if (isDomainError(error, 'forbidden') && error.message === INACTIVE_ACCOUNT_MESSAGE)
      throw forbidden(INACTIVE_ACCOUNT_MESSAGE)
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
    const session = payload.db.sessions?.[(await req.transactionID) as string] as
      { db: typeof payload.db.drizzle } | undefined
    await (session?.db ?? payload.db.drizzle).execute(sql`SELECT pg_advisory_xact_lock(hashtext('owner-setup'))`)
    const { totalDocs } = await payload.count({ collection: 'users', req, overrideAccess: true })
    if (totalDocs > 0) throw forbidden('The owner account already exists. Please sign in.')
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

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

export const INVALID_INVITATION = 'This invitation link is invalid or has expired. Ask the band owner for a new one.'

/**
 * Creates an invited team member with an unusable random password and returns the single-use
 * token of their invitation link (valid 7 days). Only the token's SHA-256 is stored, apart from
 * Payload's password-reset token, so a forgot-password request cannot replace an invitation.
 * Inviting someone who has not accepted yet sends a fresh link instead.
 */
export async function createInvitation(
  payload: Payload,
  data: { email: string; role: Exclude<Role, 'owner'>; invitedBy: string },
): Promise<{ user: User; token: string }> {
  const token = crypto.randomBytes(32).toString('base64url')
  const invitation = {
    invitationTokenHash: hashToken(token),
    invitationExpiresAt: new Date(Date.now() + INVITATION_MS).toISOString(),
  }
  const { docs } = await payload.find({
    collection: 'users',
    where: { email: { equals: data.email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
  })
  const existing = docs[0] as User | undefined
  if (existing) {
    // Someone who never accepted is invited afresh: a new link, and the old one stops working.
    if (!existing.invitationExpiresAt) throw conflict('A team member with this email already exists.')
    const user = (await payload.update({
      collection: 'users',
      id: existing.id,
      data: { role: data.role, invitedBy: data.invitedBy, ...invitation },
      depth: 0,
      overrideAccess: true,
    })) as User
    return { user, token }
  }
  const user = (await payload.create({
    collection: 'users',
    data: {
      email: data.email,
      password: crypto.randomBytes(32).toString('base64url'),
      role: data.role,
      isActive: true,
      invitedBy: data.invitedBy,
      ...invitation,
    },
    overrideAccess: true,
  })) as User
  return { user, token }
}

/** Whether an invitation link still works (not used, not expired, not replaced by a newer one). */
export async function invitationIsOpen(payload: Payload, token: string): Promise<boolean> {
  const rows = await withTransaction(payload, (tx) =>
    tx.execute<{ id: string }>(
      sql`SELECT id FROM users WHERE invitation_token_hash = ${hashToken(token)} AND invitation_expires_at > now()`,
    ),
  )
  return rows.length > 0
}

/**
 * Sets the invited user's password from their invitation token and signs them in. The token is
 * taken in the same transaction that sets the password, so it works once; the user's other
 * sessions end.
 */
export async function acceptInvitation(
  payload: Payload,
  data: { token: string; password: string; firstName?: string; lastName?: string },
): Promise<SignedIn> {
  const user = await withTransaction(payload, async (tx) => {
    const claimed = await tx.execute<{
      id: string
    }>(sql`UPDATE users SET invitation_token_hash = NULL, invitation_expires_at = NULL
      WHERE invitation_token_hash = ${hashToken(data.token)} AND invitation_expires_at > now() RETURNING id`)
    if (claimed.length === 0) throw invalid(INVALID_INVITATION)
    const invited = (await payload.findByID({
      collection: 'users',
      id: claimed[0]!.id,
      depth: 0,
      overrideAccess: true,
      req: tx.req,
    })) as User
    if (invited.isActive === false) throw forbidden(INACTIVE_ACCOUNT_MESSAGE)
    return (await payload.update({
      collection: 'users',
      id: invited.id,
      data: {
        password: data.password,
        firstName: data.firstName || invited.firstName,
        lastName: data.lastName || invited.lastName,
        sessions: [],
      },
      depth: 0,
      overrideAccess: true,
      req: tx.req,
    })) as User
  })
  return signIn(payload, user.email, data.password)
}
