/**
 * The one arithmetic of a cart's price, shared by the quote, the order, the payment's breakdown and
 * every place that shows an order's amounts (emails, the success page, the Orders tab): what a fan
 * is shown is what the order records and what the payment provider is asked for.
 */
import { discountCents, type DiscountRule } from './discounts'
import { formatCents } from '@/lib/money'
import { shippingCentsFor, type ShippingRules } from './shippingRules'
import { NO_TAX, ratesFor, taxLabel, taxLines, type TaxLine, type TaxSettings } from './taxRules'

/** A line priced per unit: a product's, or (`digital`) a release's, which never ships. */
export type PricedLine = { productId: string; unitCents: number; quantity: number; digital?: boolean }

const cents = (lines: PricedLine[]) => lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0)
const physical = (lines: PricedLine[]) => lines.filter((l) => !l.digital)

export type CartPrice = {
  subtotalCents: number
  discountCents: number
  /** 0 when the cart is empty or not shipped to. */
  shippingCents: number
  /** False when no zone covers the country and there is no rest-of-the-world rate (and something ships). */
  shipsToCountry: boolean
  totalCents: number
}

/**
 * Prices lines already priced per unit: subtotal, then the shipping of the country's zone (free
 * from its "free over" amount, judged on the goods that ship before any discount; none when
 * nothing ships), then the discount (which may take off that shipping, and applies to the goods
 * that ship only), and the total = subtotal + shipping − discount.
 */
export function priceCart(
  lines: PricedLine[],
  rules: ShippingRules,
  country: string,
  discount: DiscountRule | null,
): CartPrice {
  const subtotalCents = cents(lines)
  const shipped = physical(lines)
  const rate = shipped.length > 0 ? shippingCentsFor(rules, country, cents(shipped)) : 0
  const shippingCents = rate ?? 0
  const off = discount
    ? discountCents(
        discount,
        shipped.map((l) => ({ productId: l.productId, cents: l.unitCents * l.quantity })),
        shippingCents,
      )
    : 0
  return {
    subtotalCents,
    discountCents: off,
    shippingCents,
    shipsToCountry: rate !== null,
    totalCents: subtotalCents + shippingCents - off,
  }
}

/** A cart's price with its tax: `totalCents` includes a tax added to the prices. */
export type TaxedPrice = CartPrice & { taxCents: number; taxLines: TaxLine[]; pricesIncludeTax: boolean }

/** Where an order ships, as the tax reads it: the country and, in the US, the state. */
export type TaxPlace = { country: string; region?: string | null }

/**
 * `priceCart`, then the tax of the place the order ships to. The tax is charged on the items less
 * their discount, and on the shipping less a free-shipping discount for a rate that taxes
 * shipping. Added to the prices, it is added to the total; included in them, the total stays the
 * prices' sum and the tax is the part of it shown. taxCents is the sum of the lines. Products are
 * physical goods, releases digital goods (the rates for "digital" or "all" apply to them).
 */
export function priceOrder(
  lines: PricedLine[],
  rules: ShippingRules,
  place: TaxPlace,
  discount: DiscountRule | null,
  tax: TaxSettings = NO_TAX,
): TaxedPrice {
  const price = priceCart(lines, rules, place.country, discount)
  const shippingOff = discount?.kind === 'freeShipping' ? price.discountCents : 0
  const base = {
    physicalCents: cents(physical(lines)) - (price.discountCents - shippingOff),
    digitalCents: price.subtotalCents - cents(physical(lines)),
    shippingCents: price.shippingCents - shippingOff,
  }
  const charged =
    lines.length > 0 ? taxLines(ratesFor(tax, place.country, place.region), base, tax.pricesIncludeTax) : []
  const taxCents = charged.reduce((sum, l) => sum + l.amountCents, 0)
  return {
    ...price,
    taxCents,
    taxLines: charged,
    pricesIncludeTax: tax.pricesIncludeTax,
    totalCents: price.totalCents + (tax.pricesIncludeTax ? 0 : taxCents),
  }
}

/** An order's tax as the API answers it. */
export type TaxAmounts = {
  taxAmount: string
  taxLines: { name: string; rate: string; amount: string }[]
  pricesIncludeTax: boolean
}

export function taxAmountsOf(price: Pick<TaxedPrice, 'taxCents' | 'taxLines' | 'pricesIncludeTax'>): TaxAmounts {
  return {
    taxAmount: formatCents(price.taxCents),
    taxLines: price.taxLines.map((l) => ({ name: l.name, rate: l.rate, amount: formatCents(l.amountCents) })),
    pricesIncludeTax: price.pricesIncludeTax,
  }
}

/** An order's amounts as the API answers them ("0.00" strings). */
export type OrderAmounts = {
  subtotalAmount: string
  discountAmount: string
  discountCode: string | null
  shippingAmount: string
  totalAmount: string
}

export type TotalLine = { key: 'subtotal' | 'discount' | 'shipping' | 'tax' | 'total'; label: string; amount: string }

/**
 * The lines that show an order's amounts, in the order a fan reads them: Subtotal, the discount
 * (with its code, as a negative amount) when there is one, Shipping, a tax added to the prices
 * ("Sales tax 7.25 %"), Total, then a tax included in them ("incl. VAT 19 %"). They always add
 * up: subtotal − discount + shipping (+ an added tax) = total.
 */
export function totalLines(
  order: Omit<OrderAmounts, 'discountAmount' | 'discountCode'> & Partial<OrderAmounts> & Partial<TaxAmounts>,
): TotalLine[] {
  const taxes = (order.taxLines ?? []).map((l) => ({
    key: 'tax' as const,
    label: taxLabel(l, Boolean(order.pricesIncludeTax)),
    amount: l.amount,
  }))
  const added = order.pricesIncludeTax ? [] : taxes
  const included = order.pricesIncludeTax ? taxes : []
  const discount = order.discountAmount && order.discountAmount !== '0.00' ? order.discountAmount : null
  return [
    { key: 'subtotal', label: 'Subtotal', amount: order.subtotalAmount },
    ...(discount
      ? [
          {
            key: 'discount' as const,
            label: order.discountCode ? `Discount (${order.discountCode})` : 'Discount',
            amount: `-${discount}`,
          },
        ]
      : []),
    { key: 'shipping', label: 'Shipping', amount: order.shippingAmount },
    ...added,
    { key: 'total', label: 'Total', amount: order.totalAmount },
    ...included,
  ]
}

/** The amounts of a price as strings, with the code that gave its discount. */
export function amountsOf(price: CartPrice, discountCode: string | null): OrderAmounts {
  return {
    subtotalAmount: formatCents(price.subtotalCents),
    discountAmount: formatCents(price.discountCents),
    discountCode,
    shippingAmount: formatCents(price.shippingCents),
    totalAmount: formatCents(price.totalCents),
  }
}
