import { createPaymentSchema } from '@/modules/shop/contract/checkout'
import { boundOrderIds } from '@/modules/shop/server/checkoutSession'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { answerPostsDirectly } from '@/platform/runtime/processState'
import { createProviderOrder } from '@/modules/shop/server/payments/checkout'

/** Creates the payment for this browser's order at the server's total: answers {id, orderId, amount, currency}. */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const body = await readJson(request, createPaymentSchema, 4 * 1024)
  const created = await createProviderOrder(await payloadClient(), { boundIds: boundOrderIds(request), ...body })
  return json(created)
})

// A checkout step: a rush calls it a hundred times at once.
answerPostsDirectly('/api/paypal/order', POST)
