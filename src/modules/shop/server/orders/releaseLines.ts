import 'server-only'

import type { Payload } from 'payload'

import { FREE_IN_CART_MESSAGE, minimumPriceMessage, releaseLineCents } from '@/modules/music/contract/buying'
import { releasesForSale, type ReleaseForSale } from '@/modules/music'
import { formatCents, toCents } from '@/lib/money'
import { conflict, invalid } from '@/platform/errors'

/** A release line as a cart sends it: bought once, at the amount named. */
export type ReleaseItem = { releaseId: string; quantity: number; price?: string | number }

export type QuotedReleaseLine = { item: ReleaseItem; release: ReleaseForSale; unitCents: number }

/**
 * Each release line priced from the catalogue: the release on sale (else the same 409 as a product
 * gone), once per cart, at its fixed price (another amount is a 409 naming the price, as for a
 * product whose price changed) or at the amount named, no lower than the minimum (a 400 saying the
 * minimum). A release at 0.00 is not bought but claimed by email (a 400 saying so). `at` is each line's position in the cart, for the field a message belongs to.
 */
export async function priceReleaseLines(
  payload: Payload,
  items: { item: ReleaseItem; at: number }[],
): Promise<QuotedReleaseLine[]> {
  const releases = await releasesForSale(payload, [...new Set(items.map((l) => l.item.releaseId))])
  const seen = new Set<string>()
  return items.map(({ item, at }) => {
    const release = releases.get(item.releaseId)
    if (!release || !release.isActive)
      throw conflict('An item in your cart is no longer available. Please remove it and try again.')
    const field = `items.${at}.price`
    if (seen.has(release.id) || item.quantity !== 1) {
      const message = `${release.title} is bought once per order.`
      throw invalid(message, { [`items.${at}.quantity`]: message })
    }
    seen.add(release.id)
    const priced = releaseLineCents(release, item.price === undefined ? null : toCents(item.price))
    if ('refused' in priced) {
      if (priced.refused === 'changed')
        throw conflict(
          `The price of ${release.title} is now $${formatCents(priced.cents)}. Please review your cart and try again.`,
        )
      const message = priced.refused === 'below' ? minimumPriceMessage(priced.cents) : 'Name the amount you want to pay'
      throw invalid(message, { [field]: message })
    }
    if (priced.cents === 0) throw invalid(FREE_IN_CART_MESSAGE, { [field]: FREE_IN_CART_MESSAGE })
    return { item, release, unitCents: priced.cents }
  })
}
