import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { isTeamMember } from '@/platform/access/isTeamMember'
import { nobody } from '@/platform/access/nobody'
import { ORDER_STATUSES } from '@/modules/shop/contract/orderStatus'

import { moneyField } from '@/platform/db/fields'

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
    { name: 'customerEmail', label: 'Customer email', type: 'email', required: true },
    { name: 'customerName', label: 'Customer name', type: 'text', maxLength: 200 },
    { name: 'customerPhone', label: 'Customer phone', type: 'text', maxLength: 50 },
    moneyField('subtotalAmount', { required: true }),
    moneyField('shippingAmount', { required: true, defaultValue: 5 }),
    moneyField('totalAmount', { required: true }),
    // What the discount code took off the order (already out of totalAmount).
    moneyField('discountAmount', { required: true, defaultValue: 0 }),
    // The tax: added to totalAmount, or (pricesIncludeTax) the part of it that is tax.
    moneyField('taxAmount', { required: true, defaultValue: 0 }),
    { name: 'taxLines', label: 'Tax lines', type: 'json', admin: { readOnly: true } },
    { name: 'pricesIncludeTax', label: 'Prices include tax', type: 'checkbox', defaultValue: false },
    {
      name: 'discountCode',
      label: 'Discount code',
      type: 'relationship',
      relationTo: 'discount-codes',
      index: true,
      admin: { readOnly: true },
    },
    // The code as it was applied, kept when the code itself is deleted.
    { name: 'discountCodeText', label: 'Discount code used', type: 'text', maxLength: 40, admin: { readOnly: true } },
    {
      name: 'status',
      label: 'Status',
      type: 'select',
      required: true,
      defaultValue: 'pending',
      index: true,
      options: ORDER_STATUSES.map((s) => ({ label: s, value: s })),
    },
    { name: 'paypalOrderId', label: 'PayPal order ID', type: 'text', unique: true, maxLength: 100 },
    { name: 'paypalCaptureId', label: 'PayPal capture ID', type: 'text', unique: true, maxLength: 100 },
    { name: 'shippingAddress', label: 'Shipping address', type: 'json' },
    { name: 'carrier', label: 'Carrier', type: 'text', maxLength: 50 },
    { name: 'trackingNumber', label: 'Tracking number', type: 'text', maxLength: 100 },
    { name: 'failureReason', label: 'Failure reason', type: 'text', maxLength: 500 },
    {
      name: 'paymentProvider',
      label: 'Payment provider',
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
      label: 'Stock taken',
      type: 'checkbox',
      defaultValue: false,
      required: true,
      admin: { readOnly: true },
    },
    {
      // When a browser claimed this order at checkout; a second browser cannot claim it.
      name: 'checkoutBoundAt',
      label: 'Checkout started',
      type: 'date',
      admin: { readOnly: true },
    },
    { name: 'paidAt', label: 'Paid at', type: 'date', admin: { readOnly: true } },
    {
      // 0 for the first payment; one more each time the buyer pays a declined order again.
      name: 'paymentAttempt',
      label: 'Payment attempt',
      type: 'number',
      defaultValue: 0,
      required: true,
      admin: { readOnly: true },
    },
  ],
}
