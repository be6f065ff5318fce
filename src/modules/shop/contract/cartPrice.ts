/**
 * The one arithmetic of a cart's price, shared by the quote, the order, the payment's breakdown and
 * every place that shows an order's amounts (emails, the success page, the Orders tab): what a fan
 * is shown is what the order records and what the payment provider is asked for.
 */
import { discountCents, type DiscountRule } from './discounts'
import { formatCents } from '@/lib/money'
import { shippingCentsFor, type ShippingRules } from './shippingRules'

export type PricedLine = { productId: string; unitCents: number; quantity: number }

export type CartPrice = {
  subtotalCents: number
  discountCents: number
  /** 0 when the cart is empty or not shipped to. */
  shippingCents: number
  /** False when no zone covers the country and there is no rest-of-the-world rate. */
  shipsToCountry: boolean
  totalCents: number
}

/**
 * Prices lines already priced per unit: subtotal, then the shipping of the country's zone (free
 * from its "free over" amount, judged on the subtotal before any discount), then the discount
 * (which may take off that shipping), and the total = subtotal + shipping − discount.
 */
export function priceCart(
  lines: PricedLine[],
  rules: ShippingRules,
  country: string,
  discount: DiscountRule | null,
): CartPrice {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0)
  const rate = shippingCentsFor(rules, country, subtotalCents)
  const shippingCents = lines.length > 0 && rate !== null ? rate : 0
  const off = discount
    ? discountCents(
        discount,
        lines.map((l) => ({ productId: l.productId, cents: l.unitCents * l.quantity })),
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

/** An order's amounts as the API answers them ("0.00" strings). */
export type OrderAmounts = {
  subtotalAmount: string
  discountAmount: string
  discountCode: string | null
  shippingAmount: string
  totalAmount: string
}

export type TotalLine = { key: 'subtotal' | 'discount' | 'shipping' | 'total'; label: string; amount: string }

/**
 * The lines that show an order's amounts, in the order a fan reads them: Subtotal, the discount
 * (with its code, as a negative amount) when there is one, Shipping, Total. They always add up:
 * subtotal − discount + shipping = total.
 */
export function totalLines(
  order: Omit<OrderAmounts, 'discountAmount' | 'discountCode'> & Partial<OrderAmounts>,
): TotalLine[] {
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
    { key: 'total', label: 'Total', amount: order.totalAmount },
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
