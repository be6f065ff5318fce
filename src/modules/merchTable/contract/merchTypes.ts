/** What the merch table's team routes and page answer (money as two-decimal strings). */

export type MerchShow = { id: string; title: string; venue: string; date: string; timeZone: string }

export type TillLinkItem = {
  id: string
  showId: string
  expiresAt: string
  revokedAt: string | null
  createdAt: string
  /** Sales this link sent. */
  sales: number
  /** active, ended (past its end time) or revoked, when it was read. */
  state: 'active' | 'ended' | 'revoked'
}

export type CountLine = {
  productId: string
  productOptionId: string | null
  title: string
  quantity: number
  /** Units the count moved in the shop's stock (taken at count-in, returned at count-out). */
  stockMoved: number
}

export type MerchCounts = {
  countedInAt: string | null
  countedOutAt: string | null
  countIn: CountLine[]
  countOut: CountLine[]
}

/** A line of the settlement: a product (with its size) or, with `productId` null, a release. */
export type SettlementLine = {
  productId: string | null
  productOptionId: string | null
  releaseId: string | null
  title: string
  sold: number
  comped: number
  /** Units sold beyond the stock the table had: flagged for the team. */
  oversold: number
  gross: string
}

/** An item counted into the box: what the till took from it and what should be left. */
export type BoxLine = {
  productId: string
  productOptionId: string | null
  title: string
  countedIn: number
  /** Units the till sold or gave away from the box (voided sales put theirs back). */
  sold: number
  expectedLeft: number
}

export type Settlement = MerchCounts & {
  show: { id: string; title: string; venue: string; date: string }
  gross: string
  cash: string
  card: string
  discounts: string
  comps: string
  venueCutPercent: string
  venueCut: string
  net: string
  expectedCash: string
  cashCounted: string | null
  cashDifference: string | null
  sales: number
  voids: number
  lines: SettlementLine[]
  box: BoxLine[]
  /** Once the box is counted out: the items whose count differs from what should be left (positive is missing). */
  shrinkage: { productId: string; productOptionId: string | null; title: string; quantity: number }[]
}

/** A product or size the box can hold, with the shop's stock. */
export type MerchItem = {
  productId: string
  productOptionId: string | null
  title: string
  shopStock: number
  isActive: boolean
}
