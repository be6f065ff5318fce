/** Parcel tracking: the carriers whose tracking pages the shipped email links to. */

const TRACKING_PAGES: [RegExp, (n: string) => string][] = [
  [/^usps$/i, (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`],
  [/^ups$/i, (n) => `https://www.ups.com/track?tracknum=${n}`],
  [/^fed\s*ex$/i, (n) => `https://www.fedex.com/fedextrack/?trknbr=${n}`],
  [/^dhl$/i, (n) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${n}`],
  [/^royal\s*mail$/i, (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`],
  [/^canada\s*post$/i, (n) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${n}`],
  [/^australia\s*post$/i, (n) => `https://auspost.com.au/mypost/track/details/${n}`],
]

/** The carrier's tracking page for a number, or null for a carrier not known here. */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  if (!carrier || !trackingNumber) return null
  const page = TRACKING_PAGES.find(([name]) => name.test(carrier.trim()))
  return page ? page[1](encodeURIComponent(trackingNumber.trim())) : null
}
