import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { nobody } from '@/platform/access/nobody'

/** Webhook events already handled, so a redelivered event has no second effect. */
export const PaymentEvents: CollectionConfig = {
  slug: 'payment-events',
  admin: {
    group: 'System',
    useAsTitle: 'eventId',
    defaultColumns: ['eventId', 'eventType', 'resourceId', 'createdAt'],
  },
  access: {
    read: isOwnerOrManager,
    create: nobody,
    update: nobody,
    delete: nobody,
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'eventId', label: 'Event id', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'eventType', label: 'Event type', type: 'text', maxLength: 200 },
    { name: 'resourceId', label: 'PayPal resource id', type: 'text', maxLength: 200 },
    { name: 'orderId', label: 'Order', type: 'relationship', relationTo: 'orders' },
  ],
}
