import 'server-only'

import type { Payload, PayloadRequest } from 'payload'

import { toMoneyString } from '@/lib/money'
import { splitEmailList } from '@/lib/validators'

import { EMAIL_QUEUE } from './sendEmailTask'
import {
  newOrderNotificationEmail,
  newSubscriberNotificationEmail,
  orderConfirmationEmail,
  orderRefundedEmail,
  orderShippedEmail,
  type EmailContent,
  type OrderForEmail,
} from './templates'

/**
 * Puts one email in the persisted queue. Given a `req` inside a transaction, the email is queued
 * only if that transaction commits (an order marked paid always has its emails queued).
 */
export async function enqueueEmail(
  payload: Payload,
  to: string,
  content: EmailContent,
  req?: PayloadRequest,
): Promise<void> {
  await payload.jobs.queue({ task: 'sendEmail', queue: EMAIL_QUEUE, input: { to, ...content }, req })
}

/** The theme's notification addresses (comma-separated), never shown to the public. */
export async function notificationAddresses(payload: Payload, req?: PayloadRequest): Promise<string[]> {
  const theme = await payload.findGlobal({ slug: 'theme-settings', depth: 0, overrideAccess: true, req })
  return [...new Set(splitEmailList(theme.notificationEmail).map((e) => e.toLowerCase()))]
}

async function bandName(payload: Payload, req?: PayloadRequest): Promise<string> {
  const profile = await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true, req })
  return profile.name?.trim() || 'Band Name'
}

export async function orderForEmail(payload: Payload, orderId: string, req?: PayloadRequest): Promise<OrderForEmail> {
  const order = await payload.findByID({ collection: 'orders', id: orderId, depth: 0, overrideAccess: true, req })
  const items = await payload.find({
    collection: 'order-items',
    where: { orderId: { equals: orderId } },
    depth: 0,
    pagination: false,
    sort: 'createdAt',
    overrideAccess: true,
    req,
  })
  return {
    id: order.id,
    customerName: order.customerName ?? null,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone ?? null,
    subtotalAmount: toMoneyString(order.subtotalAmount),
    shippingAmount: toMoneyString(order.shippingAmount),
    totalAmount: toMoneyString(order.totalAmount),
    shippingAddress: (order.shippingAddress as OrderForEmail['shippingAddress']) ?? null,
    items: items.docs.map((item) => ({
      productName: item.productName ?? 'Item',
      optionName: item.optionName ?? null,
      optionValue: item.optionValue ?? null,
      quantity: item.quantity,
      price: toMoneyString(item.price),
    })),
  }
}

/** On paid: the customer's confirmation and a notification to every notification address. */
export async function enqueueOrderPaidEmails(payload: Payload, orderId: string, req?: PayloadRequest): Promise<void> {
  const order = await orderForEmail(payload, orderId, req)
  await enqueueEmail(payload, order.customerEmail, orderConfirmationEmail(order, await bandName(payload, req)), req)
  const notification = newOrderNotificationEmail(order)
  for (const to of await notificationAddresses(payload, req)) await enqueueEmail(payload, to, notification, req)
}

/** Tells the customer their order has shipped, or was refunded. */
export async function enqueueOrderUpdateEmail(
  payload: Payload,
  orderId: string,
  update: 'shipped' | 'refunded',
  req?: PayloadRequest,
): Promise<void> {
  const order = await orderForEmail(payload, orderId, req)
  const template = update === 'shipped' ? orderShippedEmail : orderRefundedEmail
  await enqueueEmail(payload, order.customerEmail, template(order, await bandName(payload, req)), req)
}

/** A new newsletter subscriber is announced to every notification address. */
export async function enqueueNewSubscriberNotification(
  payload: Payload,
  email: string,
  req?: PayloadRequest,
): Promise<void> {
  const content = newSubscriberNotificationEmail(email)
  for (const to of await notificationAddresses(payload, req)) await enqueueEmail(payload, to, content, req)
}
