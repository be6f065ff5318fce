import type { Payload } from 'payload'

import { amount, changedFields, common, fromDoc, type Doc, type Step } from './documents'
import { keys, type ContentFile } from './schema'

/**
 * Plans the products of a content file and their options against the stored ones: creates,
 * updates (only the fields that differ) and, with `replace`, deletes of what the file lacks. A
 * product created by the import gets its id while the plan runs, and its options with it.
 */
export function planProducts(
  payload: Payload,
  steps: Step[],
  wanted: ContentFile['products'],
  products: Doc[],
  productOptions: Doc[],
  replace: boolean,
): void {
  // Products and their options. A product created here gets its id during the import.
  const optionsOf = (productId: string) => productOptions.filter((o) => String(o.productId) === productId)
  const productByKey = new Map<string, Doc>()
  for (const d of products)
    if (!productByKey.has(keys.product(fromDoc.product(d, []))))
      productByKey.set(keys.product(fromDoc.product(d, [])), d)
  const keptProducts = new Set<string>()
  for (const p of wanted) {
    const { options: wantedOptions, ...fields } = p
    const data = { ...fields, price: amount(p.price) }
    const optionData = (o: (typeof wantedOptions)[number], productId: string) => ({
      ...o,
      productId,
      priceAdjustment: amount(o.priceAdjustment),
    })
    const doc = productByKey.get(keys.product(p))
    if (!doc) {
      steps.push({
        action: 'create',
        what: `product ${keys.product(p)}${wantedOptions.length ? ` with ${wantedOptions.length} options` : ''}`,
        run: async (req) => {
          const created = await payload.create({ collection: 'products', data: data as never, req, ...common })
          for (const o of wantedOptions)
            await payload.create({
              collection: 'product-options',
              data: optionData(o, created.id) as never,
              req,
              ...common,
            })
        },
      })
      continue
    }
    keptProducts.add(doc.id)
    const changed = changedFields(fromDoc.product(doc, []), p)
    if (changed.length) {
      steps.push({
        action: 'update',
        what: `product ${keys.product(p)}`,
        fields: changed,
        run: (req) => payload.update({ collection: 'products', id: doc.id, data: data as never, req, ...common }),
      })
    }
    const existingOptions = optionsOf(doc.id)
    const optionByKey = new Map<string, Doc>()
    for (const o of existingOptions)
      if (!optionByKey.has(keys.option(fromDoc.option(o)))) optionByKey.set(keys.option(fromDoc.option(o)), o)
    const keptOptions = new Set<string>()
    for (const o of wantedOptions) {
      const what = `option ${keys.option(o)} of ${keys.product(p)}`
      const current = optionByKey.get(keys.option(o))
      if (!current) {
        steps.push({
          action: 'create',
          what,
          run: (req) =>
            payload.create({ collection: 'product-options', data: optionData(o, doc.id) as never, req, ...common }),
        })
        continue
      }
      keptOptions.add(current.id)
      const optionFields = changedFields(fromDoc.option(current), o)
      if (optionFields.length) {
        steps.push({
          action: 'update',
          what,
          fields: optionFields,
          run: (req) =>
            payload.update({
              collection: 'product-options',
              id: current.id,
              data: optionData(o, doc.id) as never,
              req,
              ...common,
            }),
        })
      }
    }
    if (replace) {
      for (const o of existingOptions.filter((x) => !keptOptions.has(x.id))) {
        steps.push({
          action: 'delete',
          what: `option ${keys.option(fromDoc.option(o))} of ${keys.product(p)}`,
          run: (req) => payload.delete({ collection: 'product-options', id: o.id, req, ...common }),
        })
      }
    }
  }
  if (replace) {
    for (const doc of products.filter((d) => !keptProducts.has(d.id))) {
      steps.push({
        action: 'delete',
        what: `product ${keys.product(fromDoc.product(doc, []))}`,
        run: (req) => payload.delete({ collection: 'products', id: doc.id, req, ...common }),
      })
    }
  }
}
