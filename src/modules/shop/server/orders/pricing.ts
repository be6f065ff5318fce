import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import type { CartQuote } from '@/modules/shop/contract/types'
import { amountsOf, priceOrder, taxAmountsOf, type TaxedPrice } from '@/modules/shop/contract/cartPrice'
import type { DiscountRule } from '@/modules/shop/contract/discounts'
import type { CreatedOrder } from '@/modules/shop/contract/orderStatus'
import { formatCents, toCents } from '@/lib/money'
import { publicStock, sellableUnits, type PublicPreorder } from '@/modules/stock/contract/preorder'

import { conflict, isDomainError, type DomainErrorLike } from '@/platform/errors'
import { query } from '@/platform/db/transaction'
import { sharedRead } from '@/platform/db/sharedRead'

import { findDiscount } from './discounts'
import { priceReleaseLines, type QuotedReleaseLine, type ReleaseItem } from './releaseLines'
import { priceSettings } from './priceSettings'

export type { CreatedOrder }

/** A cart as the quote and the order read it. */
type ProductItem = { productId: string; productOptionId?: string | null; quantity: number; price?: string | number }

export type CartInput = {
  /** Products, and releases (bought once, at the amount named). */
  items: (ProductItem | ReleaseItem)[]
  country: string
  /** The state of a US address: a state's own tax rate applies to it. */
  state?: string
  discountCode?: string
  /** Known once the fan has entered it: a code usable once per address is checked against it. */
  email?: string
}

type QuotedProductLine = {
  item: ProductItem
  product: PricedProduct
  option: PricedOption | null
  unitCents: number
  shipsOn: string | null
  release?: undefined
}

/** A line of the cart priced: a product's, or a release's. */
export type QuotedLine = QuotedProductLine | (QuotedReleaseLine & { product?: undefined; option?: undefined })

export type Quote = {
  lines: QuotedLine[]
  price: TaxedPrice
  discount: { id: string; code: string } | null
  /** Why the code typed gives no discount, when the caller asked for refusals to be reported. */
  discountRefusal: DomainErrorLike | null
}

/**
 * The one price of a cart: every line priced again from the database (product price plus option
 * adjustment), stock checked, then subtotal, discount, shipping and total by `priceCart`. A client
 * price that differs, an item gone, or stock that is short, is a 409 with a message the buyer can
 * act on. A refused discount code is a 400, or, with `reportDiscountRefusal`, the price without it
 * and the reason beside it (so the checkout can show both).
 */
export async function quoteCart(
  payload: Payload,
  input: CartInput,
  { reportDiscountRefusal = false }: { reportDiscountRefusal?: boolean } = {},
): Promise<Quote> {
  // The lines first: an item gone or sold out refuses the cart without reading the settings.
  const lines = await priceAllLines(payload, input.items)
  const { rules, tax } = await priceSettings(payload)
  const priced = lines.map((l) =>
    l.release
      ? { productId: l.release.id, unitCents: l.unitCents, quantity: 1, digital: true }
      : { productId: l.product.id, unitCents: l.unitCents, quantity: l.item.quantity },
  )
  const subtotalCents = priced.reduce((sum, l) => sum + l.unitCents * l.quantity, 0)
  let discount: { id: string; code: string; rule: DiscountRule } | null = null
  let discountRefusal: DomainErrorLike | null = null
  if (input.discountCode) {
    try {
      discount = await findDiscount(payload, input.discountCode, {
        email: input.email,
        subtotalCents,
        lines: priced.filter((l) => !l.digital),
      })
    } catch (error) {
      if (!reportDiscountRefusal || !isDomainError(error)) throw error
      discountRefusal = error
    }
  }
  const place = { country: input.country, region: input.state ?? null }
  const price = priceOrder(priced, rules, place, discount?.rule ?? null, tax)
  return { lines, price, discount: discount && { id: discount.id, code: discount.code }, discountRefusal }
}

/** Every line priced, products and releases, in the cart's order. */
async function priceAllLines(payload: Payload, items: CartInput['items']): Promise<QuotedLine[]> {
  const products: ProductItem[] = []
  const releases: { item: ReleaseItem; at: number }[] = []
  items.forEach((item, at) => ('releaseId' in item ? releases.push({ item, at }) : products.push(item)))
  const productIds = [...new Set(products.map((i) => i.productId))]
  const [productLines, releaseLines] = await Promise.all([
    productIds.length > 0 ? readCatalog(payload, productIds).then((c) => priceLines(products, c)) : [],
    priceReleaseLines(payload, releases),
  ])
  let p = 0
  let r = 0
  return items.map((item) => ('releaseId' in item ? releaseLines[r++]! : productLines[p++]!))
}

type Catalog = { productById: Map<string, PricedProduct>; optionById: Map<string, PricedOption> }

/**
 * Every product of the cart with all its options, in one read (shared by the carts of the same
 * products priced meanwhile: the catalogue is not changed by whoever reads it).
 */
function readCatalog(payload: Payload, productIds: string[]): Promise<Catalog> {
  return sharedRead(`catalog ${[...productIds].sort().join(' ')}`, () => readCatalogNow(payload, productIds))
}

async function readCatalogNow(payload: Payload, productIds: string[]): Promise<Catalog> {
  const rows = await query<PricingRow>(
    payload,
    sql`SELECT p.id AS product_id, p.name AS product_name, p.price, p.inventory AS product_inventory, p.is_active AS product_active,
        p.preorder_ships_on AS product_ships_on, p.preorder_cap AS product_cap,
        po.id AS option_id, po.name AS option_name, po.value AS option_value, po.price_adjustment,
        po.inventory AS option_inventory, po.is_active AS option_active,
        po.preorder_ships_on AS option_ships_on, po.preorder_cap AS option_cap
      FROM products p LEFT JOIN product_options po ON po.product_id_id = p.id
      WHERE p.id IN (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      ORDER BY po.created_at, po.id`,
  )
  const productById = new Map<string, PricedProduct>()
  const optionById = new Map<string, PricedOption>()
  for (const r of rows) {
    if (!productById.has(r.product_id)) {
      productById.set(r.product_id, {
        id: r.product_id,
        name: r.product_name,
        price: String(r.price),
        inventory: Number(r.product_inventory),
        isActive: r.product_active,
        preorder: publicStock(Number(r.product_inventory), r.product_ships_on, capOf(r.product_cap)).preorder,
      })
    }
    if (r.option_id) {
      optionById.set(r.option_id, {
        id: r.option_id,
        productId: r.product_id,
        name: r.option_name!,
        value: r.option_value!,
        priceAdjustment: String(r.price_adjustment),
        inventory: Number(r.option_inventory),
        isActive: Boolean(r.option_active),
        preorder: publicStock(Number(r.option_inventory), r.option_ships_on, capOf(r.option_cap)).preorder,
      })
    }
  }
  return { productById, optionById }
}

type Wanted = { available: number; quantity: number; label: string; preorder: boolean }

/**
 * Each cart line priced from the catalog: the product (and its option, which a product with
 * options needs) still on sale, the client's price still the price, and enough stock for the
 * quantities of all lines of the same product or option together.
 */
function priceLines(items: ProductItem[], { productById, optionById }: Catalog): QuotedProductLine[] {
  const options = [...optionById.values()]
  const wanted = new Map<string, Wanted>()
  const lines = items.map((item): QuotedProductLine => {
    const product = productById.get(item.productId)
    if (!product || !product.isActive)
      throw conflict('An item in your cart is no longer available. Please remove it and try again.')
    let option: PricedOption | null = null
    if (item.productOptionId) {
      option = optionById.get(item.productOptionId) ?? null
      if (!option || !option.isActive || option.productId !== product.id) {
        throw conflict(`The chosen option of ${product.name} is no longer available. Please choose another one.`)
      }
    } else {
      const choice = options.find((o) => o.isActive && o.productId === product.id)
      if (choice) throw conflict(`Please choose a ${choice.name.toLowerCase()} for ${product.name}.`)
    }
    const label = lineLabel(product, option)
    const unitCents = Math.max(0, toCents(product.price) + (option ? toCents(option.priceAdjustment) : 0))
    if (item.price !== undefined && toCents(item.price) !== unitCents) {
      throw conflict(`The price of ${label} is now $${formatCents(unitCents)}. Please review your cart and try again.`)
    }
    const key = option ? `o:${option.id}` : `p:${product.id}`
    const stock = option ?? product
    const entry = wanted.get(key) ?? {
      available: sellableUnits(stock.inventory, stock.preorder),
      quantity: 0,
      label,
      preorder: stock.preorder !== null,
    }
    entry.quantity += item.quantity
    wanted.set(key, entry)
    return { item, product, option, unitCents, shipsOn: stock.preorder?.shipsOn ?? null }
  })
  checkStock(wanted.values())
  return lines
}

/** Stock that is short for what the cart wants is a 409 saying how many are left. */
function checkStock(wanted: Iterable<Wanted>): void {
  for (const { available, quantity, label, preorder } of wanted) {
    if (available < quantity) {
      throw conflict(
        available <= 0
          ? `Sorry, ${label} is sold out. Please remove it from your cart.`
          : preorder
            ? `Sorry, only ${available} more of ${label} can be pre-ordered. Please lower the quantity.`
            : `Sorry, only ${available} of ${label} ${available === 1 ? 'is' : 'are'} left in stock. Please lower the quantity.`,
      )
    }
  }
}

/** "Tee (M)", or the product's name alone. */
const lineLabel = (product: PricedProduct, option: PricedOption | null) =>
  option ? `${product.name} (${option.value})` : product.name

/** What `POST /api/checkout/quote` answers for a quote. */
export function quoteAnswer(quote: Quote): CartQuote {
  return {
    lines: quote.lines.map((l) => ({
      productId: l.product?.id ?? null,
      productOptionId: l.option?.id ?? null,
      releaseId: l.release?.id ?? null,
      name: l.release ? l.release.title : l.product.name,
      optionName: l.option?.name ?? null,
      optionValue: l.option?.value ?? null,
      quantity: l.item.quantity,
      unitAmount: formatCents(l.unitCents),
      amount: formatCents(l.unitCents * l.item.quantity),
      preorderShipsOn: l.release ? null : l.shipsOn,
    })),
    ...amountsOf(quote.price, quote.discount?.code ?? null),
    ...taxAmountsOf(quote.price),
    shipsToCountry: quote.price.shipsToCountry,
    discountMessage: quote.discountRefusal?.message ?? null,
  }
}

type PricingRow = {
  product_id: string
  product_name: string
  price: string
  product_inventory: string
  product_active: boolean
  option_id: string | null
  option_name: string | null
  option_value: string | null
  price_adjustment: string | null
  option_inventory: string | null
  option_active: boolean | null
  product_ships_on: string | null
  product_cap: string | null
  option_ships_on: string | null
  option_cap: string | null
}
const capOf = (cap: string | null) => (cap === null ? null : Number(cap))
type PricedProduct = {
  id: string
  name: string
  price: string
  inventory: number
  isActive: boolean
  preorder: PublicPreorder | null
}
type PricedOption = {
  id: string
  productId: string
  name: string
  value: string
  priceAdjustment: string
  inventory: number
  isActive: boolean
  preorder: PublicPreorder | null
}
