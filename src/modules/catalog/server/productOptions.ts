import 'server-only'

import type { Product, ProductOption, User } from '@/payload-types'
import type { OptionInput, OptionUpdate } from '@/modules/catalog/contract/product'

import { serializeAdminOption, serializeAdminProduct } from '@/modules/catalog/contract/serializers'

import { payloadClient } from '@/platform/db/payload'
import { withTransaction } from '@/platform/db/transaction'

import { lockUnchanged, type LoadedVersion } from '@/platform/db/version'

import { findOr404 } from '@/platform/db/crud'
import { moneyToNumbers } from '@/platform/db/money'

const optionData = moneyToNumbers('priceAdjustment')

export async function listOptions(user: User, productId: string) {
  await findOr404('products', productId, 'Product not found')
  const payload = await payloadClient()
  const { docs } = await payload.find({
    collection: 'product-options',
    where: { productId: { equals: productId } },
    sort: 'createdAt',
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return docs.map(serializeAdminOption)
}

export async function addOption(user: User, productId: string, input: OptionInput) {
  await findOr404('products', productId, 'Product not found')
  const { productId: _ignored, ...data } = input
  const payload = await payloadClient()
  const option = await payload.create({
    collection: 'product-options',
    data: { ...optionData(data), productId } as never,
    depth: 0,
    overrideAccess: false,
    user,
  })
  return serializeAdminOption(option)
}

/**
 * Changes an option in place (value, adjustment, stock, active), refused (409) when it changed
 * since `loaded`. The collection's hooks drop the public cache, so a restocked size is on sale.
 */
export async function updateOption(user: User, optionId: string, input: OptionUpdate, loaded: LoadedVersion) {
  const { updatedAt: _version, ...data } = input
  const payload = await payloadClient()
  const option = await withTransaction(
    payload,
    async (tx) => {
      await lockUnchanged(tx, 'product_options', optionId, loaded, 'Option not found')
      return payload.update({
        collection: 'product-options',
        id: optionId,
        data: optionData(data) as never,
        depth: 0,
        overrideAccess: false,
        user,
        req: tx.req,
      })
    },
    undefined,
    user,
  )
  return serializeAdminOption(option)
}

/** Deletes an option (refused while orders refer to it, see the collection's hook). */
export async function deleteOption(user: User, optionId: string) {
  await findOr404('product-options', optionId, 'Option not found')
  const payload = await payloadClient()
  await payload.delete({ collection: 'product-options', id: optionId, overrideAccess: false, user })
}

const COPY_SUFFIX = ' (Copy)'

/** Copies a product as '<name> (Copy)' with every option, all or nothing; the copies get new keys. */
export async function duplicateProduct(user: User, productId: string) {
  const original = (await findOr404('products', productId, 'Product not found')) as Product
  const payload = await payloadClient()
  return withTransaction(
    payload,
    async ({ req }) => {
      const { docs: options } = await payload.find({
        collection: 'product-options',
        where: { productId: { equals: productId } },
        sort: 'createdAt',
        pagination: false,
        depth: 0,
        req,
        overrideAccess: true,
      })
      const { id: _id, createdAt: _c, updatedAt: _u, key: _k, ...fields } = original
      const copy = await payload.create({
        collection: 'products',
        // The key is left out on purpose: the collection makes a new one.
        data: { ...fields, name: original.name.slice(0, 200 - COPY_SUFFIX.length) + COPY_SUFFIX } as never,
        depth: 0,
        req,
        overrideAccess: false,
        user,
      })
      for (const option of options as ProductOption[]) {
        const { id: _oid, createdAt: _oc, updatedAt: _ou, productId: _p, key: _ok, ...optionFields } = option
        await payload.create({
          collection: 'product-options',
          data: { ...optionFields, productId: copy.id } as never,
          depth: 0,
          req,
          overrideAccess: false,
          user,
        })
      }
      return { product: serializeAdminProduct(copy), optionsCopied: options.length }
    },
    undefined,
    user,
  )
}
