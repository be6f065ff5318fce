import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/access/isOwnerOrManager'
import { isTeamMember } from '@/access/isTeamMember'
import { nobody } from '@/access/nobody'

import { moneyField } from './fields'

export const OrderItems: CollectionConfig = {
  slug: 'order-items',
  admin: { useAsTitle: 'productName', defaultColumns: ['orderId', 'productName', 'quantity', 'price'] },
  access: {
    read: isTeamMember,
    create: nobody,
    update: nobody,
    delete: isOwnerOrManager,
  },
  fields: [
    { name: 'orderId', type: 'relationship', relationTo: 'orders', required: true, index: true },
    { name: 'productId', type: 'relationship', relationTo: 'products', index: true },
    { name: 'productOptionId', type: 'relationship', relationTo: 'product-options' },
    { name: 'quantity', type: 'number', required: true, min: 1 },
    // Unit price paid (product price plus option adjustment).
    moneyField('price', { required: true }),
    // What was bought, kept even if the product or option is later edited or deleted.
    { name: 'productName', type: 'text' },
    { name: 'optionName', type: 'text' },
    { name: 'optionValue', type: 'text' },
    moneyField('priceAdjustment', { defaultValue: 0 }, { allowNegative: true }),
  ],
}
