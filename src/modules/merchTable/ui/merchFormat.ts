/** How the merch table's page writes dates, and the key of an item (its size, or the product without sizes). */

export const when = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone })
export { formatShowDay as showDate } from '@/platform/time/showTime'
export const key = (i: { productId: string; productOptionId: string | null }) => i.productOptionId ?? i.productId
