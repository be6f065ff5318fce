/** What the API answers, for the services that build it and the pages and dashboard that read it. */

/** `GET /api/admin/back-in-stock`: how many fans wait for a sold-out product or size. */
export type WaitingLine = {
  productId: string
  productOptionId: string | null
  product: string
  size: string | null
  waiting: number
}
