import type { CollectionConfig } from 'payload'

import { canUseCms } from '@/platform/access/canUseCms'
import { fieldOwner } from '@/platform/access/fieldOwner'
import { isOwner } from '@/platform/access/isOwner'
import { ownerManagerOrSelf } from '@/platform/access/ownerManagerOrSelf'
import { ownerOrSelf } from '@/platform/access/ownerOrSelf'
import { ROLES } from '@/platform/access/roles'
import { objectKeyOf } from '@/lib/objectPath'
import { secureCookies } from '@/platform/http/cookies'

import { clearSignInAttempts } from './hooks/clearSignInAttempts'
import { endSessionsOnDeactivation } from './hooks/endSessionsOnDeactivation'
import { enforcePasswordPolicy } from './hooks/enforcePasswordPolicy'
import { hashForUnknownAccount } from './hooks/hashForUnknownAccount'
import { keepAnActiveOwner, keepAnActiveOwnerOnDelete } from './hooks/keepAnActiveOwner'
import { limitAuthRequests } from './hooks/limitAuthRequests'
import { lowercaseEmail } from './hooks/lowercaseEmail'
import { refuseInactiveLogin } from './hooks/refuseInactiveLogin'

export const Users: CollectionConfig = {
  slug: 'users',
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'firstName', 'lastName', 'role', 'isActive'] },
  auth: {
    useSessions: true,
    tokenExpiration: 60 * 60 * 24 * 7,
    // No lockout (anyone could lock the owner out): per-address limits and a growing delay instead.
    maxLoginAttempts: 0,
    // The session token lives in the HttpOnly cookie only, never in a JSON answer.
    removeTokenFromResponses: true,
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
    { name: 'firstName', label: 'First name', type: 'text', maxLength: 100 },
    { name: 'lastName', label: 'Last name', type: 'text', maxLength: 100 },
    {
      name: 'profileImageUrl',
      label: 'Profile image',
      type: 'text',
      maxLength: 2000,
      // An uploaded file of this site, never an outside URL that teammates' browsers would load.
      validate: (value: string | null | undefined) =>
        !value ||
        objectKeyOf(value) !== null ||
        'The profile image must be an image uploaded to this site (/objects/...).',
    },
    {
      name: 'role',
      label: 'Role',
      type: 'select',
      required: true,
      defaultValue: 'viewer',
      saveToJWT: true,
      options: ROLES.map((r) => ({ label: r[0]!.toUpperCase() + r.slice(1), value: r })),
      access: { create: fieldOwner, update: fieldOwner },
    },
    {
      name: 'isActive',
      label: 'Active',
      type: 'checkbox',
      required: true,
      defaultValue: true,
      access: { create: fieldOwner, update: fieldOwner },
    },
    {
      name: 'invitedBy',
      label: 'Invited by',
      type: 'relationship',
      relationTo: 'users',
      access: { create: () => false, update: () => false },
      admin: { readOnly: true },
    },
    {
      // SHA-256 of the single-use invitation token; the token itself is only in the invitation link.
      name: 'invitationTokenHash',
      type: 'text',
      index: true,
      hidden: true,
      access: { create: () => false, update: () => false },
    },
    { name: 'invitationExpiresAt', type: 'date', hidden: true, access: { create: () => false, update: () => false } },
  ],
  hooks: {
    beforeOperation: [limitAuthRequests, hashForUnknownAccount, enforcePasswordPolicy],
    afterLogin: [clearSignInAttempts],
    beforeValidate: [lowercaseEmail],
    beforeChange: [keepAnActiveOwner, endSessionsOnDeactivation],
    beforeDelete: [keepAnActiveOwnerOnDelete],
    beforeLogin: [refuseInactiveLogin],
  },
}
