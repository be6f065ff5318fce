import type { CollectionConfig } from 'payload'

import { canUseCms } from '@/access/canUseCms'
import { fieldOwner } from '@/access/fieldOwner'
import { isOwner } from '@/access/isOwner'
import { ownerManagerOrSelf } from '@/access/ownerManagerOrSelf'
import { ownerOrSelf } from '@/access/ownerOrSelf'
import { ROLES } from '@/access/roles'
import { secureCookies } from '@/server/cookies'

import { endSessionsOnDeactivation } from './hooks/endSessionsOnDeactivation'
import { keepAnActiveOwner, keepAnActiveOwnerOnDelete } from './hooks/keepAnActiveOwner'
import { lowercaseEmail } from './hooks/lowercaseEmail'
import { refuseInactiveLogin } from './hooks/refuseInactiveLogin'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'firstName', 'lastName', 'role', 'isActive'] },
  auth: {
    useSessions: true,
    tokenExpiration: 60 * 60 * 24 * 7,
    maxLoginAttempts: 10,
    lockTime: 10 * 60 * 1000,
    cookies: { sameSite: 'Lax', secure: secureCookies() },
  },
  access: {
    admin: canUseCms,
    read: ownerManagerOrSelf,
    create: isOwner,
    update: ownerOrSelf,
    delete: isOwner,
    unlock: isOwner,
  },
  fields: [
    { name: 'firstName', type: 'text', maxLength: 100 },
    { name: 'lastName', type: 'text', maxLength: 100 },
    { name: 'profileImageUrl', type: 'text', maxLength: 2000 },
    {
      name: 'role',
      type: 'select',
      required: true,
      defaultValue: 'viewer',
      saveToJWT: true,
      options: ROLES.map((r) => ({ label: r[0]!.toUpperCase() + r.slice(1), value: r })),
      access: { create: fieldOwner, update: fieldOwner },
    },
    {
      name: 'isActive',
      type: 'checkbox',
      required: true,
      defaultValue: true,
      access: { create: fieldOwner, update: fieldOwner },
    },
    {
      name: 'invitedBy',
      type: 'relationship',
      relationTo: 'users',
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
  ],
  hooks: {
    beforeValidate: [lowercaseEmail],
    beforeChange: [keepAnActiveOwner, endSessionsOnDeactivation],
    beforeDelete: [keepAnActiveOwnerOnDelete],
    beforeLogin: [refuseInactiveLogin],
  },
}
