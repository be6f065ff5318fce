/**
 * The stock module's operations other modules use: the web checkout takes all of an order's
 * stock or none (never below the floor), the merch table takes what there is, and both give
 * stock back the same way, locking rows in one order (`lockKey`) so they never deadlock.
 */
export { OutOfStockError, releaseStock, reserveStock, type StockLine } from './server/webStock'
export {
  catalogRows,
  itemKey,
  lockKey,
  putBack,
  resolveItems,
  takeUpTo,
  type CatalogRow,
  type StockItem,
} from './server/tableStock'
export { sendBackInStockEmails } from './server/backInStock'
export { sendLowStockAlerts } from './server/lowStock'
