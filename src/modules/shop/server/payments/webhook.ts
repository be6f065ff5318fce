import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { z } from 'zod'

import { isUuid } from '@/lib/ids'
import { toCents } from '@/lib/money'

import { invalid, isDomainError, isOutage, notFound, unavailable, upstreamFailed } from '@/platform/errors'
import {
  findOrder,
  findOrderByCaptureId,
  findOrderByProviderId,
  settlePayment,
  type OrderRow,
  type PaymentOutcome,
} from '../orders'
import { withTransaction } from '@/platform/db/transaction'

import { capturePayment } from './checkout'
import { paymentProvider } from './index'
import { PayPalClient } from './paypal'
import { PaymentProviderError } from './types'

const money = z.object({ value: z.string().optional(), currency_code: z.string().optional() }).partial()

/** A PayPal webhook event as delivered; the signature covers the body's exact text. */
export const paypalWebhookEventSchema = z.looseObject({
  id: z.string().min(1).max(200),
  event_type: z.string().min(1).max(200),
  resource: z
    .looseObject({
      id: z.string().optional(),
      status: z.string().optional(),
      custom_id: z.string().optional(),
      amount: money.optional(),
      seller_payable_breakdown: z.looseObject({ total_refunded_amount: money.optional() }).optional(),
      supplementary_data: z
        .looseObject({ related_ids: z.looseObject({ order_id: z.string().optional() }).optional() })
        .optional(),
      links: z.array(z.looseObject({ href: z.string().optional(), rel: z.string().optional() })).optional(),
    })
    .optional(),
})

/** The largest webhook body accepted. */
export const PAYPAL_WEBHOOK_MAX_BYTES = 512 * 1024

type WebhookEvent = z.infer<typeof paypalWebhookEventSchema>
type Resource = NonNullable<WebhookEvent['resource']>

/** The capture a refund belongs to, from its "up" link (…/v2/payments/captures/{id}). */
function capturedIdOfRefund(resource: Resource): string | null {
  const up = resource.links?.find((l) => l.rel === 'up')?.href ?? ''
  return /\/captures\/([^/?#]+)/.exec(up)?.[1] ?? null
}

async function orderOfEvent(payload: Payload, event: WebhookEvent): Promise<OrderRow | null> {
  const resource = event.resource ?? {}
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED')
    return resource.id ? findOrderByProviderId(payload, resource.id) : null
  const providerOrderId = resource.supplementary_data?.related_ids?.order_id ?? null
  if (resource.custom_id && isUuid(resource.custom_id)) {
    const order = await findOrder(payload, resource.custom_id.toLowerCase())
    // custom_id is ours, but the event must also be about the provider order we created for it.
    if (order && (!providerOrderId || !order.paypalOrderId || order.paypalOrderId === providerOrderId)) return order
    if (order) return null
  }
  if (providerOrderId) {
    const order = await findOrderByProviderId(payload, providerOrderId)
    if (order) return order
  }
  const captureId =
    event.event_type === 'PAYMENT.CAPTURE.REFUNDED' ? capturedIdOfRefund(resource) : (resource.id ?? null)
  return captureId ? findOrderByCaptureId(payload, captureId) : null
}

function outcomeOfEvent(event: WebhookEvent, order: OrderRow): PaymentOutcome | null {
  const resource = event.resource ?? {}
  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
      return {
        kind: 'completed',
        captureId: resource.id ?? null,
        amount: resource.amount?.value ?? null,
        currency: resource.amount?.currency_code ?? null,
      }
    case 'PAYMENT.CAPTURE.PENDING':
      return { kind: 'pending', captureId: resource.id ?? null }
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED':
      return { kind: 'failed', reason: 'payment denied' }
    case 'PAYMENT.CAPTURE.REVERSED':
      return { kind: 'refunded', reason: 'payment reversed at PayPal' }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const refunded = resource.seller_payable_breakdown?.total_refunded_amount?.value ?? resource.amount?.value
      if (refunded && toCents(refunded) >= order.totalCents) return { kind: 'refunded', reason: 'refunded at PayPal' }
      console.warn(`Order ${order.id}: partial refund of ${refunded ?? '?'} at PayPal; status kept.`)
      return null
    }
    default:
      return null
  }
}

/**
 * The PayPal client that checks webhooks: 404 unless payments go through PayPal, 503 when no
 * webhook id is configured. Asked before the body is read.
 */
export function paypalWebhookReceiver(): PayPalClient {
  const provider = paymentProvider()
  if (!(provider instanceof PayPalClient)) throw notFound('Not found')
  if (!provider.webhookId) throw unavailable('PayPal webhooks are not configured on this site (PAYPAL_WEBHOOK_ID).')
  return provider
}

/** One delivery of PayPal's webhook: its headers (which carry the signature), the event and its exact text. */
export type PaypalWebhookDelivery = { headers: Headers; event: WebhookEvent; text: string }

/**
 * PayPal's webhook: the signature is checked with PayPal's verify-webhook-signature API, an event
 * id already handled has no second effect, and capture events settle the order so that one whose
 * browser went away after approval still ends right (an approved order that was never captured
 * is captured on CHECKOUT.ORDER.APPROVED). The event is recorded in the same transaction
 * as its effect: when handling fails, PayPal's redelivery is handled afresh.
 */
export async function handlePaypalWebhook(
  payload: Payload,
  provider: PayPalClient,
  { headers, event, text }: PaypalWebhookDelivery,
): Promise<{ received: true; duplicate: boolean }> {
  let verified: boolean
  try {
    verified = await provider.verifyWebhookSignature(headers, text)
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    console.error('Could not verify a PayPal webhook:', error.message)
    throw upstreamFailed('The webhook could not be verified right now.')
  }
  if (!verified) {
    console.warn(`Refused a PayPal webhook with an invalid signature (event ${event.id}, ${event.event_type}).`)
    throw invalid('The webhook signature is not valid.')
  }

  const order = await orderOfEvent(payload, event)
  if (event.event_type === 'CHECKOUT.ORDER.APPROVED' && order?.status === 'pending') {
    // The buyer approved but their browser never asked for the capture: capture here. Capturing is
    // idempotent (same request id, order lock), so a redelivered event changes nothing more.
    try {
      await capturePayment(payload, order)
    } catch (error) {
      if (isOutage(error)) throw upstreamFailed('The payment could not be captured right now.')
      if (!isDomainError(error)) throw error
      console.warn(`Capture after approval of ${order.paypalOrderId} for order ${order.id} refused: ${error.message}`)
    }
  }
  return withTransaction(payload, async (tx) => {
    const inserted = await tx.execute(sql`INSERT INTO payment_events (event_id, event_type, resource_id, order_id_id)
      VALUES (${event.id}, ${event.event_type}, ${event.resource?.id ?? null}, ${order?.id ?? null})
      ON CONFLICT (event_id) DO NOTHING RETURNING id`)
    if (inserted.length === 0) return { received: true, duplicate: true } as const
    const outcome = order ? outcomeOfEvent(event, order) : null
    if (order && outcome) await settlePayment(payload, order.id, outcome, tx.req)
    else if (!order && /^(PAYMENT\.CAPTURE|CHECKOUT\.ORDER)\./.test(event.event_type))
      console.warn(`PayPal event ${event.id} (${event.event_type}) matches no order.`)
    return { received: true, duplicate: false } as const
  })
}
