import type { CollectionConfig, PayloadRequest } from 'payload'

import { publicContentAccess } from '@/platform/access/publicContent'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { renameOptionTitles } from '@/modules/catalog/model/hooks/optionTitle'
import { revalidateOnChange } from '@/platform/cache/revalidateTags'

import { imagePathField, isActiveField, moneyField, stableKeyField } from '@/platform/db/fields'
import { preorderFields, stockField } from '@/modules/stock/model'

const revalidate = revalidateOnChange(CACHE_TAGS.products)

export const Products: CollectionConfig = {
  slug: 'products',
  admin: { useAsTitle: 'name', defaultColumns: ['name', 'price', 'inventory', 'isActive', 'isFeatured'] },
  access: publicContentAccess,
  fields: [
    { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 200 },
    { name: 'description', label: 'Description', type: 'textarea', maxLength: 5000 },
    moneyField('price', { required: true }),
    imagePathField('imageUrl'),
    { name: 'category', label: 'Category', type: 'text', maxLength: 100 },
    stockField('inventory', 0),
    {
      name: 'lowStockThreshold',
      label: 'Low-stock alert at',
      type: 'number',
      defaultValue: 3,
      min: 0,
      required: true,
      admin: {
        description:
          'The notification addresses get one email when a size (or the product, without sizes) falls to this many.',
      },
      validate: (value: number | null | undefined) =>
        value === null || value === undefined || (Number.isInteger(value) && value >= 0)
          ? true
          : 'Low-stock alert must be a whole number of 0 or more.',
    },
    ...preorderFields,
    isActiveField,
    { name: 'isFeatured', label: 'Featured', type: 'checkbox', defaultValue: false, required: true },
    {
      name: 'includesRelease',
      label: 'Includes the release',
      type: 'relationship',
      relationTo: 'releases',
      index: true,
      admin: { description: 'Paying for this product also gives the buyer this release to download.' },
      // An id that names no release is refused as a field error, before the database's key would.
      validate: async (value: unknown, { req }: { req: PayloadRequest }) => {
        const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : value
        if (id === null || id === undefined || id === '') return true
        const { totalDocs } = await req.payload.count({
          collection: 'releases',
          where: { id: { equals: id } },
          overrideAccess: true,
          req,
        })
        return totalDocs > 0 ? true : 'Choose a release from the list, or none.'
      },
    },
    stableKeyField,
  ],
  hooks: {
    afterChange: [renameOptionTitles, revalidate.afterChange],
    // Options belong to their product, so they go first: the options' required product column
    // cannot be set to null by the database. Order items keep their own copy of names and prices.
    beforeDelete: [
      async ({ id, req }) => {
        await req.payload.delete({
          collection: 'product-options',
          where: { productId: { equals: id } },
          req,
          context: { skipRevalidate: true },
        })
      },
    ],
    afterDelete: [revalidate.afterDelete],
  },
}
