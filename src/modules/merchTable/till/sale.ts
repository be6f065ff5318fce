import { cartTotal, codesLeft, plain, state, titleOf, token, type Line } from './state'
import type { LocalSale, SaleBody, SaleItem } from './store'

/** A line of the sale as sent: a release hands out one of the link's unused codes per unit. */
const saleItem = (l: Line): SaleItem =>
  l.item.releaseId
    ? {
        releaseId: l.item.releaseId,
        quantity: l.quantity,
        unitPrice: l.item.price,
        codes: codesLeft(l.item).slice(0, l.quantity),
      }
    : {
        productId: l.item.productId,
        productOptionId: l.item.productOptionId,
        quantity: l.quantity,
        unitPrice: l.item.price,
      }

/** How the sale is adjusted: not, by a discount, or given away (a comp). */
export type Adjustment = 'none' | 'discount' | 'comp'

/** The sale being rung up, as kept on this phone until the site records it; its id is made here. */
export function newSale(payment: 'cash' | 'card', kind: Adjustment, reason: string, discount: number): LocalSale {
  const body: SaleBody = {
    id: crypto.randomUUID(),
    at: new Date().toISOString(),
    items: state.cart.map(saleItem),
    payment,
    ...(kind === 'discount' ? { discount: { amount: plain(discount), reason } } : {}),
    ...(kind === 'comp' ? { comp: { reason } } : {}),
  }
  return {
    id: body.id,
    token,
    body,
    titles: state.cart.map((l) => `${l.quantity} × ${titleOf(l.item)}`),
    total: plain(kind === 'comp' ? 0 : cartTotal() - discount),
    state: 'waiting',
  }
}
