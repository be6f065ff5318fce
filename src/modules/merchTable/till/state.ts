import type { Catalog, CatalogItem, LocalSale, SaleItem } from './store'

/** The link this till was opened with, and the site's till API under it. */
export const token = decodeURIComponent(location.pathname.split('/')[2] ?? '')
export const api = (path: string) => `/api/till/${encodeURIComponent(token)}${path}`

export type Line = { item: CatalogItem; quantity: number }

/** What the till shows: the catalogue, the sale being rung up, this phone's sales and the link's state. */
export const state = {
  catalog: null as Catalog | null,
  cart: [] as Line[],
  sales: [] as LocalSale[],
  /** The site's refusal of this link (revoked, ended, unknown): shown. */
  linkMessage: null as string | null,
  /** The site refused a sale for the link itself: nothing more is sent with it. */
  sendingStopped: false,
  /** The catalogue on screen is a kept copy (the network did not answer): read again when it does. */
  catalogKept: false,
  /** The last sale rung up, confirmed on screen until the next one starts. */
  saved: null as string | null,
  /** The download codes the last sale handed out, shown as QR codes until the next sale starts. */
  codesShown: [] as { title: string; code: string }[],
  online: navigator.onLine,
}

export const cents = (money: string) => Math.round(Number(money) * 100)
export const money = (c: number) => `$${(c / 100).toFixed(2)}`
export const plain = (c: number) => (c / 100).toFixed(2)
export const itemKey = (i: CatalogItem | SaleItem) =>
  'releaseId' in i && i.releaseId ? i.releaseId : ((i as CatalogItem).productOptionId ?? (i as CatalogItem).productId)
export const titleOf = (i: CatalogItem) => (i.size ? `${i.name}: ${i.size}` : i.name)

const unitsOf = (sale: LocalSale, key: string) =>
  sale.body.items.filter((i) => itemKey(i) === key).reduce((n, i) => n + i.quantity, 0)

/**
 * Units of an item this phone's sales take that the catalogue's stock does not show yet: a sale
 * takes its units unless voided or refused, and the catalogue already took those of the sales the
 * site had counted when it was read. A sale is never taken out twice.
 */
export function notInCatalog(key: string): number {
  let units = 0
  for (const sale of state.sales) {
    const takes = sale.state !== 'refused' && !sale.voided
    if (takes !== Boolean(sale.counted)) units += (takes ? 1 : -1) * unitsOf(sale, key)
  }
  return units
}

/** A download code as printed: groups of four joined by dashes. */
export const printedCode = (code: string) => code.match(/.{1,4}/g)!.join('-')

/** The codes of a release this phone has not handed out (in a sale, voided or not, or in this sale). */
export function codesLeft(item: CatalogItem): string[] {
  const handedOut = new Set<string>()
  for (const sale of state.sales)
    for (const i of sale.body.items) if ('codes' in i) i.codes.forEach((c) => handedOut.add(c))
  return (item.codes ?? []).filter((c) => !handedOut.has(c))
}

export function cartTotal(): number {
  return state.cart.reduce((sum, l) => sum + l.quantity * cents(l.item.price), 0)
}
