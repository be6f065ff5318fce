/** The shop module's parts other modules use. */
export { orderData } from './server/personalData'
