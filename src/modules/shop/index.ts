/** The shop module's parts other modules use. */
export { ANONYMISED_ORDER, ERASED_EMAIL, orderData } from './server/personalData'
