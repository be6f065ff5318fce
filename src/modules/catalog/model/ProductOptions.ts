import type { CollectionConfig } from 'payload'

import { publicContentAccess } from '@/platform/access/publicContent'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { keepOptionsOfOpenOrders } from '@/modules/catalog/model/hooks/keepOptionsOfOpenOrders'
import { setOptionTitle } from '@/modules/catalog/model/hooks/optionTitle'
import { revalidateOnChange } from '@/platform/cache/revalidateTags'

import { isActiveField, moneyField, stableKeyField } from '@/platform/db/fields'
import { preorderFields, stockField } from '@/modules/stock/model'

const revalidate = revalidateOnChange(CACHE_TAGS.productOptions, CACHE_TAGS.products)

export const ProductOptions: CollectionConfig = {
  slug: 'product-options',
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'priceAdjustment', 'inventory', 'isActive'] },
  access: publicContentAccess,
  fields: [
    { name: 'productId', label: 'Product', type: 'relationship', relationTo: 'products', required: true, index: true },
    { name: 'name', label: 'Option name', type: 'text', required: true, defaultValue: 'Size', maxLength: 100 },
    {
      name: 'value',
      label: 'Value',
      type: 'text',
      required: true,
      maxLength: 100,
      validate: (value: string | null | undefined) => (value?.trim() ? true : 'Option value is required'),
    },
    moneyField('priceAdjustment', { defaultValue: 0, required: true }, { allowNegative: true }),
    stockField('inventory', 0),
    ...preorderFields,
    isActiveField,
    stableKeyField,
    {
      name: 'title',
      label: 'Title',
      type: 'text',
      maxLength: 320,
      admin: { hidden: true },
    },
  ],
  hooks: {
    beforeChange: [setOptionTitle],
    beforeDelete: [keepOptionsOfOpenOrders],
    afterChange: [revalidate.afterChange],
    afterDelete: [revalidate.afterDelete],
  },
}
