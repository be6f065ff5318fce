import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/access/isOwnerOrManager'
import { isTeamMember } from '@/access/isTeamMember'
import { nobody } from '@/access/nobody'

import { moneyField } from './fields'

export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'shipped', 'completed', 'refunded'] as const

export const Orders: CollectionConfig = {
  slug: 'orders',
  admin: {
    useAsTitle: 'customerEmail',
    defaultColumns: ['customerEmail', 'customerName', 'totalAmount', 'status', 'createdAt'],
  },
  access: {
    read: isTeamMember,
    // Orders are created and moved through their states by the checkout service only.
    create: nobody,
    update: nobody,
    delete: isOwnerOrManager,
  },
  defaultSort: '-createdAt',
  fields: [
    { name: 'customerEmail', type: 'email', required: true },
    { name: 'customerName', type: 'text', maxLength: 200 },
    { name: 'customerPhone', type: 'text', maxLength: 50 },
    moneyField('subtotalAmount', { required: true }),
    moneyField('shippingAmount', { required: true, defaultValue: 5 }),
    moneyField('totalAmount', { required: true }),
    {
      name: 'status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: ORDER_STATUSES.map((s) => ({ label: s, value: s })),
    },
    { name: 'paypalOrderId', type: 'text', unique: true, maxLength: 100 },
    { name: 'paypalCaptureId', type: 'text', unique: true, maxLength: 100 },
    { name: 'shippingAddress', type: 'json' },
    { name: 'failureReason', type: 'text', maxLength: 500 },
  ],
}
