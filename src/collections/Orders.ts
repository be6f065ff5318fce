import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/access/isOwnerOrManager'
import { isTeamMember } from '@/access/isTeamMember'
import { nobody } from '@/access/nobody'
import { ORDER_STATUSES } from '@/lib/orderStatus'

import { moneyField } from './fields'

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
    {
      name: 'paymentProvider',
      type: 'select',
      options: [
        { label: 'PayPal', value: 'paypal' },
        { label: 'Test payments', value: 'test' },
      ],
      admin: { readOnly: true },
    },
    {
      // True while this order holds its items' stock (taken at capture, given back on failure).
      name: 'stockTaken',
      type: 'checkbox',
      defaultValue: false,
      required: true,
      admin: { readOnly: true },
    },
    {
      // When a browser claimed this order at checkout; a second browser cannot claim it.
      name: 'checkoutBoundAt',
      type: 'date',
      admin: { readOnly: true },
    },
    { name: 'paidAt', type: 'date', admin: { readOnly: true } },
  ],
}
