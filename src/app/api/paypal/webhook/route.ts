import { handle, json } from '@/server/http'
import { payloadClient } from '@/server/payload'
import { handlePaypalWebhook } from '@/server/payments/webhook'

/** PayPal's webhook (server to server, signed): capture completed, denied, refunded, reversed. */
export const POST = handle(async (request: Request) => json(await handlePaypalWebhook(await payloadClient(), request)))
