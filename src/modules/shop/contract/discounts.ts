/** Discount codes: their kinds and the arithmetic of a discount, shared by the server and the checkout page. */

export const DISCOUNT_KINDS = ['percent', 'amount', 'freeShipping'] as const
export type DiscountKind = (typeof DISCOUNT_KINDS)[number]

/** A code as stored and compared: trimmed, in capitals. */
export const normalizeDiscountCode = (code: string) => code.trim().toUpperCase()

/** The one answer for a code that does not exist, has not started or has ended. */
export const INVALID_DISCOUNT_CODE = 'This discount code is not valid.'

export type DiscountRule = {
  kind: DiscountKind
  /** Percent (1 to 100) for "percent", cents for "amount", unused for "freeShipping". */
  value: number
  /** The products the code applies to; empty for all. */
  productIds: string[]
}

/**
 * The discount in cents for lines of an order: a percent of (or a fixed amount off, at most) the
 * subtotal of the lines the code applies to, rounded to the cent; free shipping takes off the
 * shipping, when at least one line is eligible.
 */
export function discountCents(
  rule: DiscountRule,
  lines: { productId: string; cents: number }[],
  shippingCents: number,
): number {
  const eligible = lines.filter((l) => rule.productIds.length === 0 || rule.productIds.includes(l.productId))
  const eligibleCents = eligible.reduce((sum, l) => sum + l.cents, 0)
  if (eligible.length === 0) return 0
  switch (rule.kind) {
    case 'percent':
      return Math.min(eligibleCents, Math.round((eligibleCents * rule.value) / 100))
    case 'amount':
      return Math.min(eligibleCents, rule.value)
    case 'freeShipping':
      return shippingCents
  }
}
