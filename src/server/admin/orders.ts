import type { Order, OrderItem, Product, ProductOption, User } from '@/payload-types'
import { toMoneyString } from '@/lib/money'

import { payloadClient } from '../payload'
import { serializeOption, serializeProduct } from '@/lib/serializers'

import { findOr404 } from './crud'

const idOf = (value: unknown): string | null =>
  value && typeof value === 'object' ? String((value as { id: string }).id) : value ? String(value) : null

function serializeItem(item: OrderItem) {
  const product = item.productId && typeof item.productId === 'object' ? (item.productId as Product) : null
  const option = item.productOptionId && typeof item.productOptionId === 'object' ? (item.productOptionId as ProductOption) : null
  return {
    id: item.id,
    orderId: idOf(item.orderId),
    productId: idOf(item.productId),
    productOptionId: idOf(item.productOptionId),
    quantity: item.quantity,
    price: toMoneyString(item.price),
    createdAt: item.createdAt,
    // What was bought, as it was then (kept even if the product or option is edited or deleted).
    productName: item.productName ?? product?.name ?? null,
    optionName: item.optionName ?? option?.name ?? null,
    optionValue: item.optionValue ?? option?.value ?? null,
    priceAdjustment: toMoneyString(item.priceAdjustment ?? option?.priceAdjustment ?? 0),
    product: product ? serializeProduct(product) : null,
    option: option ? serializeOption(option) : null,
  }
}

export type AdminOrder = ReturnType<typeof serializeOrder>

function serializeOrder(order: Order, items: OrderItem[]) {
  return {
    id: order.id,
    customerEmail: order.customerEmail,
    customerName: order.customerName ?? null,
    customerPhone: order.customerPhone ?? null,
    subtotalAmount: toMoneyString(order.subtotalAmount),
    shippingAmount: toMoneyString(order.shippingAmount),
    totalAmount: toMoneyString(order.totalAmount),
    status: order.status,
    paypalOrderId: order.paypalOrderId ?? null,
    paypalCaptureId: order.paypalCaptureId ?? null,
    shippingAddress: (order.shippingAddress as Record<string, string> | null) ?? null,
    failureReason: order.failureReason ?? null,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
    items: items.map(serializeItem),
  }
}

/** Every order, newest first, each with its items and their product and option attached. */
export async function listOrders(user: User): Promise<AdminOrder[]> {
  const payload = await payloadClient()
  const { docs: orders } = await payload.find({
    collection: 'orders',
    sort: '-createdAt',
    pagination: false,
    depth: 0,
    overrideAccess: false,
    user,
  })
  if (orders.length === 0) return []
  const { docs: items } = await payload.find({
    collection: 'order-items',
    where: { orderId: { in: orders.map((o) => o.id) } },
    sort: 'createdAt',
    pagination: false,
    depth: 1,
    overrideAccess: false,
    user,
  })
  const byOrder = new Map<string, OrderItem[]>()
  for (const item of items) {
    const key = idOf(item.orderId)!
    byOrder.set(key, [...(byOrder.get(key) ?? []), item])
  }
  return orders.map((order) => serializeOrder(order, byOrder.get(order.id) ?? []))
}

/** Deletes an order and its items. */
export async function deleteOrder(user: User, id: string) {
  await findOr404('orders', id, 'Order not found')
  const payload = await payloadClient()
  await payload.delete({ collection: 'order-items', where: { orderId: { equals: id } }, overrideAccess: false, user })
  await payload.delete({ collection: 'orders', id, overrideAccess: false, user })
}
