import { handle, json, readJsonText } from '@/platform/http'
import { payloadClient } from '@/platform/db/payload'
import {
  handlePaypalWebhook,
  PAYPAL_WEBHOOK_MAX_BYTES,
  paypalWebhookEventSchema,
  paypalWebhookReceiver,
} from '@/modules/shop/server/payments/webhook'

/** PayPal's webhook (server to server, signed): capture completed, denied, refunded, reversed. */
export const POST = handle(async (request: Request) => {
  const payload = await payloadClient()
  const provider = paypalWebhookReceiver()
  const { data: event, text } = await readJsonText(request, paypalWebhookEventSchema, PAYPAL_WEBHOOK_MAX_BYTES)
  return json(await handlePaypalWebhook(payload, provider, { headers: request.headers, event, text }))
})
