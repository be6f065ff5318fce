import type { Release } from '@/payload-types'
import { formatCents } from '@/lib/money'

import type { PricingMode } from './pricing'
import type { ReleaseType } from './release'

const money = (cents: number | null | undefined) => (cents == null ? null : formatCents(Number(cents)))

/** A release's pricing as the API speaks it: amounts as "0.00" strings. */
export function serializePricing(r: Release) {
  if ((r.pricingMode as PricingMode) === 'nameYourPrice')
    return {
      mode: 'nameYourPrice' as const,
      minimum: money(r.minimumCents) ?? '0.00',
      suggested: money(r.suggestedCents),
    }
  return { mode: 'fixed' as const, price: money(r.priceCents) ?? '0.00' }
}

/** What anyone may read of an active release. */
export const serializePublicRelease = (r: Release) => ({
  id: r.id,
  slug: r.slug ?? null,
  title: r.title,
  type: r.type as ReleaseType,
  releaseDate: r.releaseDate,
  artworkUrl: r.artworkUrl ?? null,
  description: r.description ?? null,
  credits: r.credits ?? null,
  pricing: serializePricing(r),
})

/** The team's view of a release. */
export const serializeRelease = (r: Release) => ({
  ...serializePublicRelease(r),
  isActive: r.isActive,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})
