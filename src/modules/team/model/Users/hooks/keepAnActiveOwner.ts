import { sql, type PostgresAdapter } from '@payloadcms/db-postgres'
import {
  APIError,
  type CollectionBeforeChangeHook,
  type CollectionBeforeDeleteHook,
  type PayloadRequest,
} from 'payload'

import { Refusal } from '@/platform/db/refusal'
import type { User } from '@/payload-types'

export const LAST_OWNER_MESSAGE = 'The band needs at least one active owner. Make someone else an owner first.'
export const OWN_ROLE_MESSAGE = 'You cannot change your own role.'

/**
 * Serialises changes that remove an active owner: taken inside the change's transaction, the lock
 * lasts until it commits, so two owners demoting each other at once are counted one after the other.
 */
async function lockActiveOwners(req: PayloadRequest): Promise<void> {
  const db = req.payload.db as unknown as PostgresAdapter
  const session = req.transactionID ? db.sessions?.[String(await req.transactionID)] : undefined
  if (!session) throw new APIError('Changing an owner needs a database transaction.', 500)
  await session.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('active-owners'))`)
}

async function otherActiveOwners(req: PayloadRequest, excludeId: string): Promise<number> {
  await lockActiveOwners(req)
  const { totalDocs } = await req.payload.count({
    collection: 'users',
    where: { and: [{ role: { equals: 'owner' } }, { isActive: { equals: true } }, { id: { not_equals: excludeId } }] },
    req,
    overrideAccess: true,
  })
  return totalDocs
}

export const keepAnActiveOwner: CollectionBeforeChangeHook<User> = async ({ data, originalDoc, operation, req }) => {
  if (operation !== 'update' || !originalDoc) return data
  const roleChanges = data.role !== undefined && data.role !== originalDoc.role
  if (roleChanges && req.user && req.user.id === originalDoc.id) {
    throw new Refusal('forbidden', OWN_ROLE_MESSAGE)
  }
  const wasActiveOwner = originalDoc.role === 'owner' && originalDoc.isActive !== false
  const staysActiveOwner =
    (data.role ?? originalDoc.role) === 'owner' && (data.isActive ?? originalDoc.isActive) !== false
  if (wasActiveOwner && !staysActiveOwner && (await otherActiveOwners(req, originalDoc.id)) === 0) {
    throw new Refusal('conflict', LAST_OWNER_MESSAGE)
  }
  return data
}

export const keepAnActiveOwnerOnDelete: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const user = await req.payload.findByID({ collection: 'users', id, req, overrideAccess: true, depth: 0 })
  if (user.role === 'owner' && user.isActive !== false && (await otherActiveOwners(req, String(id))) === 0) {
    throw new Refusal('conflict', LAST_OWNER_MESSAGE)
  }
}
