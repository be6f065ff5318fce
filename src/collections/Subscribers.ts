import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/access/isOwnerOrManager'

export const Subscribers: CollectionConfig = {
  slug: 'subscribers',
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'isActive', 'createdAt'] },
  access: {
    read: isOwnerOrManager,
    // Sign-ups go through POST /api/newsletter/subscribe, which rate-limits them.
    create: isOwnerOrManager,
    update: isOwnerOrManager,
    delete: isOwnerOrManager,
  },
  fields: [
    {
      name: 'email',
      type: 'email',
      required: true,
      unique: true,
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)] },
    },
    { name: 'isActive', type: 'checkbox', defaultValue: true, required: true },
  ],
}
