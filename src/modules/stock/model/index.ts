/** The stock columns a product or a size carries: its stock and its pre-order. */
export { preorderFields, stockField } from './fields'
