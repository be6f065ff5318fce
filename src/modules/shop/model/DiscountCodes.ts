import type { CollectionConfig } from 'payload'

import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { isTeamMember } from '@/platform/access/isTeamMember'
import { DISCOUNT_KINDS, normalizeDiscountCode } from '@/modules/shop/contract/discounts'

import { moneyField } from '@/platform/db/fields'

/**
 * Discount codes. A code is stored in capitals, so it is unique and matched whatever the case a
 * buyer types. `uses` counts paid orders only; the checkout service keeps it, never a form.
 */
export const DiscountCodes: CollectionConfig = {
  slug: 'discount-codes',
  admin: { useAsTitle: 'code', defaultColumns: ['code', 'kind', 'value', 'uses', 'maxUses'] },
  access: { read: isTeamMember, create: isOwnerOrManager, update: isOwnerOrManager, delete: isOwnerOrManager },
  defaultSort: 'code',
  fields: [
    { name: 'code', label: 'Code', type: 'text', required: true, unique: true, maxLength: 40 },
    {
      name: 'kind',
      label: 'Kind',
      type: 'select',
      required: true,
      options: DISCOUNT_KINDS.map((k) => ({ label: k, value: k })),
    },
    // A whole percent (1 to 100) for "percent", cents for "amount", empty for free shipping.
    { name: 'value', label: 'Value (percent, or cents off)', type: 'number', min: 0, max: 9_999_999_999 },
    moneyField('minSubtotal'),
    { name: 'startsAt', label: 'Starts at', type: 'date' },
    { name: 'endsAt', label: 'Ends at', type: 'date' },
    { name: 'maxUses', label: 'Uses allowed', type: 'number', min: 1 },
    { name: 'oncePerEmail', label: 'Once per email address', type: 'checkbox', defaultValue: false, required: true },
    // The products the code applies to; empty for every product.
    { name: 'productIds', label: 'Products', type: 'json' },
    {
      name: 'uses',
      label: 'Uses',
      type: 'number',
      defaultValue: 0,
      required: true,
      admin: { readOnly: true },
      access: { create: () => false, update: () => false },
    },
  ],
  hooks: {
    beforeValidate: [
      ({ data }) => {
        if (data && typeof data.code === 'string') data.code = normalizeDiscountCode(data.code)
        return data
      },
    ],
  },
}
