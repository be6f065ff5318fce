/**
 * Orders, along their jobs: pricing a new order (pricing.ts), reading and binding it (store.ts),
 * holding its stock for a payment (hold.ts), and the payment state machine (states.ts, settle.ts).
 */
import 'server-only'

export { canMoveOrder, ORDER_TRANSITIONS, type OrderStatus } from './states'
export { createOrder } from './placeOrder'
export { quoteAnswer, quoteCart, type CartInput, type CreatedOrder, type Quote } from './pricing'
export { InvalidDiscountCodeError } from './discounts'
export { taxSettings } from './tax'
export {
  attachProviderOrder,
  claimOrderForCheckout,
  findOrder,
  findOrderByCaptureId,
  findOrderByProviderId,
  findReceipt,
  type OrderReceipt,
  type OrderRow,
} from './store'
export { holdStockForPayment, releaseHeldStock, type StockHold } from './hold'
export { reopenDeclinedOrder, settlePayment, transitionOrderStatus, type PaymentOutcome } from './settle'
