/**
 * Pre-orders. A product without sizes, or one size, can be on pre-order: it has a ship date and
 * an optional cap. Every unit of it is sold as a pre-order that ships on that date; it sells
 * beyond its stock down to minus the cap (without a cap, without limit), so a negative stock is
 * the number of units owed beyond what is on hand. Ending the pre-order (clearing the date) needs
 * the stock back at 0 or more: the band enters what has arrived first.
 */

/** A pre-order's ship date: a calendar day, "YYYY-MM-DD". */
const SHIP_DATE = /^\d{4}-\d{2}-\d{2}$/
export const SHIP_DATE_MESSAGE = 'Enter the ship date as YYYY-MM-DD.'

export function isShipDate(value: unknown): value is string {
  if (typeof value !== 'string' || !SHIP_DATE.test(value)) return false
  const date = new Date(`${value}T12:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** "March 6, 2027": the day in en-US, read the same on the server and in every browser. */
export function formatShipDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** The card's and the emails' words for a pre-order. */
export const preorderLabel = (day: string) => `Pre-order: ships ${formatShipDate(day)}`

/**
 * When an order holding pre-order items ships: complete, on the last of their ship dates; `mixed`
 * when items in stock wait with them. Null for an order without pre-order items.
 */
export function orderShipping(
  items: { preorderShipsOn?: string | null }[],
): { shipsOn: string; mixed: boolean } | null {
  const days = items.map((i) => i.preorderShipsOn).filter((d): d is string => Boolean(d))
  if (days.length === 0) return null
  return { shipsOn: days.sort().at(-1)!, mixed: days.length < items.length }
}

/** What the public sees of a pre-order: its ship date and how many units are left under its cap. */
export type PublicPreorder = { shipsOn: string; remaining: number | null }

/** A product's or size's stock as the public sees it: never below 0, with its pre-order. */
export function publicStock(
  inventory: number,
  shipsOn: string | null | undefined,
  cap: number | null | undefined,
): { inventory: number; preorder: PublicPreorder | null } {
  const onHand = Math.max(0, inventory)
  if (!shipsOn) return { inventory: onHand, preorder: null }
  const remaining = cap === null || cap === undefined ? null : Math.max(0, cap + Math.min(0, inventory))
  return { inventory: onHand, preorder: { shipsOn, remaining } }
}

/** How many more units can be sold: the stock, plus the room under the pre-order's cap. */
export function sellableUnits(inventory: number, preorder: PublicPreorder | null): number {
  if (!preorder) return Math.max(0, inventory)
  return preorder.remaining === null ? Number.POSITIVE_INFINITY : Math.max(0, inventory) + preorder.remaining
}
