import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionBeforeChangeHook } from 'payload'

import { query } from '@/platform/db/transaction'

/** The title an option goes by in /cms and its lists: the product's name and the value ("Tour Tee: XL"). */
export const optionTitleOf = (productName: string | null | undefined, value: string) =>
  productName ? `${productName}: ${value}` : value

const idOf = (ref: unknown): string | undefined =>
  typeof ref === 'string' ? ref : ref && typeof ref === 'object' && 'id' in ref ? String(ref.id) : undefined

/** Keeps an option's title right whenever its product or value is written, whichever way. */
export const setOptionTitle: CollectionBeforeChangeHook = async ({ data, originalDoc, req }) => {
  const productId = idOf(data.productId ?? originalDoc?.productId)
  const value = String(data.value ?? originalDoc?.value ?? '')
  let productName: string | null = null
  if (productId) {
    const product = await req.payload
      .findByID({ collection: 'products', id: productId, depth: 0, req, overrideAccess: true, disableErrors: true })
      .catch(() => null)
    productName = product?.name ?? null
  }
  data.title = optionTitleOf(productName, value)
  return data
}

/** A renamed product renames its options' titles, in the same transaction. */
export const renameOptionTitles: CollectionAfterChangeHook = async ({ doc, previousDoc, operation, req }) => {
  if (operation === 'update' && previousDoc?.name !== doc.name) {
    await query(
      req.payload,
      sql`UPDATE product_options SET title = ${doc.name} || ': ' || value WHERE product_id_id = ${doc.id}`,
      req,
    )
  }
  return doc
}
