import type { Payload } from 'payload'

import { amount, byStableKey, changedFields, common, fromDoc, matchRecords, type Doc, type Step } from './documents'
import { keys, type ContentFile } from './schema'

/**
 * Plans the products of a content file and their options against the stored ones: creates,
 * updates (only the fields that differ) and, with `replace`, deletes of what the file lacks. A
 * product created by the import gets its id while the plan runs, and its options with it. An
 * option is matched by its key among all stored options, so one the file puts under another
 * product moves there; by its natural key only among its own product's options.
 */
export function planProducts(
  payload: Payload,
  steps: Step[],
  wanted: ContentFile['products'],
  products: Doc[],
  productOptions: Doc[],
  replace: boolean,
): void {
  const productMatches = matchRecords(wanted, {
    byKey: byStableKey(products),
    candidates: products,
    natural: keys.product,
    naturalOfDoc: (d) => keys.product(fromDoc.product(d, [])),
  })
  const plan: ProductPlan = {
    payload,
    steps,
    productOptions,
    optionsByKey: byStableKey(productOptions),
    namedOptions: new Set(wanted.flatMap((p) => p.options.map((o) => o.key))),
    keptProducts: new Set<string>(),
    keptOptions: new Set<string>(),
    optionSteps: [],
  }

  wanted.forEach((p, i) => planProduct(plan, p, productMatches[i]))
  steps.push(...plan.optionSteps)

  if (replace) planDeletes(plan, products)
}

/** What planning the products shares: the stored options, what the file keeps, the planned steps. */
type ProductPlan = {
  payload: Payload
  steps: Step[]
  productOptions: Doc[]
  optionsByKey: Map<string, Doc>
  /** The keys of every option the file has, under any product. */
  namedOptions: Set<string | undefined>
  keptProducts: Set<string>
  keptOptions: Set<string>
  /** Option updates and creates run after their product's step, which knows the product's id. */
  optionSteps: Step[]
}

type WantedProduct = ContentFile['products'][number]
type WantedOption = WantedProduct['options'][number]

/** Plans one product of the file (matched to `doc`, or new) and its options. */
function planProduct(plan: ProductPlan, p: WantedProduct, doc: Doc | undefined): void {
  const { payload, steps } = plan
  const { options: wantedOptions, ...fields } = p
  const createData = { ...fields, price: amount(p.price) }
  const { key: _key, ...data } = createData
  const product = { id: doc?.id }
  const optionMatches = matchRecords(wantedOptions, {
    byKey: plan.optionsByKey,
    // An option that the file names by its key under another product is not taken by this one.
    candidates: doc
      ? plan.productOptions.filter((o) => String(o.productId) === doc.id && !plan.namedOptions.has(String(o.key)))
      : [],
    natural: keys.option,
    naturalOfDoc: (d) => keys.option(fromDoc.option(d)),
  })
  const optionData = (o: WantedOption) => ({
    ...o,
    productId: product.id,
    priceAdjustment: amount(o.priceAdjustment),
  })
  const newOptions = wantedOptions.filter((_o, j) => !optionMatches[j])

  if (!doc) {
    steps.push({
      action: 'create',
      what: `product ${keys.product(p)}${newOptions.length ? ` with ${newOptions.length} options` : ''}`,
      run: async (req) => {
        const created = await payload.create({ collection: 'products', data: createData as never, req, ...common })
        product.id = created.id
        for (const o of newOptions)
          await payload.create({ collection: 'product-options', data: optionData(o) as never, req, ...common })
      },
    })
  } else {
    plan.keptProducts.add(doc.id)
    const changed = changedFields(fromDoc.product(doc, []), p)
    if (changed.length) {
      steps.push({
        action: 'update',
        what: `product ${keys.product(p)}`,
        fields: changed,
        run: (req) => payload.update({ collection: 'products', id: doc.id, data: data as never, req, ...common }),
      })
    }
  }

  wantedOptions.forEach((o, j) =>
    planOption(plan, `option ${keys.option(o)} of ${keys.product(p)}`, o, optionMatches[j], doc, optionData),
  )
}

/**
 * Plans one option of a product: a new option of a stored product is created after it (one of a
 * new product is created with it); a matched one is updated where it differs or moved.
 */
function planOption(
  plan: ProductPlan,
  what: string,
  o: WantedOption,
  current: Doc | undefined,
  doc: Doc | undefined,
  optionData: (o: WantedOption) => Record<string, unknown>,
): void {
  const { payload, optionSteps } = plan
  if (!current) {
    if (doc)
      optionSteps.push({
        action: 'create',
        what,
        run: (req) => payload.create({ collection: 'product-options', data: optionData(o) as never, req, ...common }),
      })
    return
  }
  plan.keptOptions.add(current.id)
  const { key: _optionKey, ...next } = o
  const optionFields = changedFields(fromDoc.option(current), next)
  if (!doc || String(current.productId) !== doc.id) optionFields.push('product')
  if (optionFields.length) {
    optionSteps.push({
      action: 'update',
      what,
      fields: optionFields,
      run: (req) => {
        const { key: _k, ...update } = optionData(o)
        return payload.update({
          collection: 'product-options',
          id: current.id,
          data: update as never,
          req,
          ...common,
        })
      },
    })
  }
}

/** Options of a product that goes are deleted with it; options moved to a kept product stay. */
function planDeletes(plan: ProductPlan, products: Doc[]): void {
  const { payload, steps, productOptions, keptProducts, keptOptions } = plan
  const goneProducts = products.filter((d) => !keptProducts.has(d.id))
  const gone = new Set(goneProducts.map((d) => d.id))
  for (const o of productOptions.filter((x) => !keptOptions.has(x.id) && !gone.has(String(x.productId)))) {
    const owner = products.find((d) => d.id === String(o.productId))
    steps.push({
      action: 'delete',
      what: `option ${keys.option(fromDoc.option(o))} of ${owner ? keys.product(fromDoc.product(owner, [])) : 'no product'}`,
      run: (req) => payload.delete({ collection: 'product-options', id: o.id, req, ...common }),
    })
  }
  for (const doc of goneProducts) {
    steps.push({
      action: 'delete',
      what: `product ${keys.product(fromDoc.product(doc, []))}`,
      run: (req) => payload.delete({ collection: 'products', id: doc.id, req, ...common }),
    })
  }
}
