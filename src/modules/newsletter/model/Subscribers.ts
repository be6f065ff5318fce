import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { SUBSCRIBER_SOURCES, SUBSCRIBER_STATUSES } from '@/modules/newsletter/contract/subscriberStatus'

export const Subscribers: CollectionConfig = {
  slug: 'subscribers',
  admin: { useAsTitle: 'email', defaultColumns: ['email', 'status', 'isActive', 'createdAt'] },
  access: {
    read: isOwnerOrManager,
    // Sign-ups go through POST /api/newsletter/subscribe, which rate-limits them.
    create: isOwnerOrManager,
    update: isOwnerOrManager,
    delete: isOwnerOrManager,
  },
  hooks: {
    // "Active" is what the dashboard's badge shows: confirmed, and nothing else.
    beforeChange: [
      ({ data }) => {
        if (data && typeof data.status === 'string') data.isActive = data.status === 'confirmed'
        return data
      },
    ],
  },
  fields: [
    {
      name: 'email',
      label: 'Email',
      type: 'email',
      required: true,
      unique: true,
      hooks: { beforeValidate: [({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value)] },
    },
    { name: 'isActive', label: 'Active (confirmed)', type: 'checkbox', defaultValue: false, required: true },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      options: [...SUBSCRIBER_STATUSES],
      defaultValue: 'pending',
      required: true,
      index: true,
    },
    // The consent record: when and how they signed up, when they confirmed and when they left.
    {
      name: 'source',
      label: 'Signed up through',
      type: 'select',
      options: [...SUBSCRIBER_SOURCES],
      defaultValue: 'form',
      required: true,
    },
    { name: 'signedUpAt', label: 'Signed up', type: 'date' },
    { name: 'confirmedAt', label: 'Confirmed', type: 'date' },
    { name: 'unsubscribedAt', label: 'Unsubscribed', type: 'date' },
    { name: 'bouncedAt', label: 'Bounced', type: 'date' },
    { name: 'city', label: 'City', type: 'text', maxLength: 100 },
    { name: 'state', label: 'State', type: 'text', maxLength: 100 },
    // The confirmation link's token (only its SHA-256 is kept) and when it was last mailed.
    {
      name: 'confirmTokenHash',
      type: 'text',
      index: true,
      access: { read: () => false, create: () => false, update: () => false },
      admin: { hidden: true },
    },
    { name: 'confirmSentAt', label: 'Confirmation last sent', type: 'date', admin: { readOnly: true } },
  ],
}
