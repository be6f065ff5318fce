import type { User } from '@/payload-types'

import { createInvitation } from '../accounts'
import { publicUser } from '../auth'
import { HttpError } from '../http'
import { payloadClient } from '../payload'

import { findOr404 } from './crud'
import { sendInvitationEmail } from './notifications'

export async function listUsers(user: User) {
  const payload = await payloadClient()
  const { docs } = await payload.find({ collection: 'users', sort: 'createdAt', pagination: false, depth: 0, overrideAccess: false, user })
  return docs.map((u) => publicUser(u as User))
}

/** Creates the invited member and emails their link; the owner also gets the link to share by hand. */
export async function inviteUser(owner: User, email: string, role: 'manager' | 'viewer') {
  const payload = await payloadClient()
  const { user, token } = await createInvitation(payload, { email, role, invitedBy: owner.id })
  const inviter = [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.email
  const inviteUrl = await sendInvitationEmail(email, token, inviter)
  return { user: publicUser(user), inviteUrl }
}

export async function changeRole(owner: User, id: string, role: User['role']) {
  if (id === owner.id) throw new HttpError(403, 'You cannot change your own role.')
  await findOr404('users', id, 'User not found')
  const payload = await payloadClient()
  const updated = await payload.update({ collection: 'users', id, data: { role }, depth: 0, overrideAccess: false, user: owner })
  return publicUser(updated as User)
}

/** Deactivating ends the user's sessions at once (users collection hook). */
export async function changeStatus(owner: User, id: string, isActive: boolean) {
  if (id === owner.id && !isActive) throw new HttpError(403, 'You cannot deactivate your own account.')
  await findOr404('users', id, 'User not found')
  const payload = await payloadClient()
  const updated = await payload.update({ collection: 'users', id, data: { isActive }, depth: 0, overrideAccess: false, user: owner })
  return publicUser(updated as User)
}
