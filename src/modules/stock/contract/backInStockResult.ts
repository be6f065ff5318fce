/** The pages a back-in-stock request posted without the page's script lands on. */
export const BACK_IN_STOCK_RESULTS = {
  saved: { title: "We'll email you", description: "We'll send you one email when it's back in stock." },
  failed: { title: 'Error', description: 'Could not save your request. Please try again.' },
} as const

export type BackInStockResult = keyof typeof BACK_IN_STOCK_RESULTS

export const BACK_IN_STOCK_RESULT_PATHS: Record<BackInStockResult, string> = {
  saved: '/back-in-stock/saved',
  failed: '/back-in-stock/failed',
}
