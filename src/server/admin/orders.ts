import type { User } from '@/payload-types'

import { payloadClient } from '../payload'

import { findOr404 } from './crud'

/** Deletes an order and its items. */
export async function deleteOrder(user: User, id: string) {
  await findOr404('orders', id, 'Order not found')
  const payload = await payloadClient()
  await payload.delete({ collection: 'order-items', where: { orderId: { equals: id } }, overrideAccess: false, user })
  await payload.delete({ collection: 'orders', id, overrideAccess: false, user })
}
