import { formatCents } from '@/lib/money'

import type { PricingColumns } from './pricing'

/*
 * What a fan pays for a release, shared by the order and the release page's Buy button (no zod
 * here: the page's script stays small).
 */

/** What a fan is told when the amount named is below a name-your-price release's minimum. */
export const minimumPriceMessage = (minimumCents: number) => `The minimum price is $${formatCents(minimumCents)}`

/** What a fan is told who names 0.00 in the cart for a release that is free to download. */
export const FREE_IN_CART_MESSAGE = 'To get it for free, ask for the download link with your email instead.'

/**
 * The cents a fan pays for one release: the fixed price (the amount sent, when sent, must be it),
 * or the amount named, no lower than the minimum. Returns the cents, or why the amount is refused
 * ("below": under the minimum; "changed": not the fixed price; "missing": no amount named).
 */
export function releaseLineCents(
  pricing: PricingColumns,
  offeredCents: number | null,
): { cents: number } | { refused: 'below' | 'changed' | 'missing'; cents: number } {
  if (pricing.pricingMode === 'fixed') {
    const price = Number(pricing.priceCents ?? 0)
    return offeredCents === null || offeredCents === price ? { cents: price } : { refused: 'changed', cents: price }
  }
  const minimum = Number(pricing.minimumCents ?? 0)
  if (offeredCents === null) return { refused: 'missing', cents: minimum }
  return offeredCents < minimum ? { refused: 'below', cents: minimum } : { cents: offeredCents }
}
