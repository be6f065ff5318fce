import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { isTeamMember } from '@/platform/access/isTeamMember'
import { nobody } from '@/platform/access/nobody'

import { moneyField } from '@/platform/db/fields'

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
    { name: 'orderId', label: 'Order', type: 'relationship', relationTo: 'orders', required: true, index: true },
    { name: 'productId', label: 'Product', type: 'relationship', relationTo: 'products', index: true },
    { name: 'productOptionId', label: 'Option', type: 'relationship', relationTo: 'product-options' },
    { name: 'quantity', label: 'Quantity', type: 'number', required: true, min: 1 },
    // Unit price paid (product price plus option adjustment).
    moneyField('price', { required: true }),
    // What was bought, kept even if the product or option is later edited or deleted.
    { name: 'productName', label: 'Product name', type: 'text' },
    { name: 'optionName', label: 'Option name', type: 'text' },
    { name: 'optionValue', label: 'Option value', type: 'text' },
    moneyField('priceAdjustment', { defaultValue: 0 }, { allowNegative: true }),
    // Bought on pre-order: the day it ships ("YYYY-MM-DD"), as the card said when it was bought.
    { name: 'preorderShipsOn', label: 'Pre-order ships on', type: 'text' },
  ],
}
