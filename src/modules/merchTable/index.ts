/** The merch table's parts other modules use: the hook that keeps a show with table sales from being deleted. */
export { keepTableSales } from './model/keepTableSales'
