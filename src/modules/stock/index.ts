/**
 * The stock module's operations other modules use: every take and give of stock goes through
 * `moveStock` (the web checkout all or nothing, never below the floor; the merch table up to what
 * there is; releases, refunds and voids giving back), which locks the rows in one order itself.
 */
export { moveStock } from './server/moveStock'
export { OutOfStockError, type StockLine, type StockMove } from './server/stockRules'
export { catalogRows, itemKey, resolveItems, type CatalogRow } from './server/tableStock'
export { backInStockData } from './server/personalData'
