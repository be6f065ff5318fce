import 'server-only'

import type { User } from '@/payload-types'
import { serializeUser } from '@/modules/team/contract/serializers'

import { createInvitation } from './accounts'
import { forbidden } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'

import { withTransaction } from '@/platform/db/transaction'

import { lockUnchanged, type LoadedVersion } from '@/platform/db/version'
import { sendInvitationEmail } from './invitations'

export async function listUsers(user: User) {
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'users',
    sort: 'createdAt',
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return docs.map((u) => serializeUser(u as User))
}

/** Creates the invited member and emails their link; the owner also gets the link to share by hand. */
export async function inviteUser(owner: User, email: string, role: 'manager' | 'viewer') {
  const payload = await payloadClient()
  const { user, token } = await createInvitation(payload, { email, role, invitedBy: owner.id })
  const inviter = [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email
  const inviteUrl = await sendInvitationEmail(email, token, inviter, role)
  return { user: serializeUser(user), inviteUrl }
}

export async function changeRole(owner: User, id: string, role: User['role'], loaded?: LoadedVersion) {
  if (id === owner.id) throw forbidden('You cannot change your own role.')
  return serializeUser(await updateUser(owner, id, { role }, loaded))
}

/** One change to a team member, refused (409) when they changed since the owner loaded them. */
async function updateUser(
  owner: User,
  id: string,
  data: Partial<Pick<User, 'role' | 'isActive'>>,
  loaded: LoadedVersion,
): Promise<User> {
  const payload = await payloadClient()
  return withTransaction(payload, async (tx) => {
    await lockUnchanged(tx, 'users', id, loaded, 'User not found')
    return (await payload.update({
      collection: 'users',
      id,
      data,
      depth: 0,
      overrideAccess: false,
      user: owner,
      req: tx.req,
    })) as User
  })
}

/** Deactivating ends the user's sessions at once (users collection hook). */
export async function changeStatus(owner: User, id: string, isActive: boolean, loaded?: LoadedVersion) {
  if (id === owner.id && !isActive) throw forbidden('You cannot deactivate your own account.')
  return serializeUser(await updateUser(owner, id, { isActive }, loaded))
}
