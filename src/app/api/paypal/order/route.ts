import { createPaymentSchema } from '@/lib/schemas/checkout'
import { boundOrderIds } from '@/server/checkoutSession'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { createProviderOrder } from '@/server/payments/checkout'

/** Creates the payment for this browser's order at the server's total: answers {id, orderId, amount, currency}. */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const body = await readJson(request, createPaymentSchema, 4 * 1024)
  const created = await createProviderOrder(await payloadClient(), { boundIds: boundOrderIds(request), ...body })
  return json(created)
})
