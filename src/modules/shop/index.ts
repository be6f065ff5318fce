/** The shop module's parts other modules use. */
export { orderData } from './server/personalData'
export { taxSettings } from './server/orders/tax'
