import { bindCheckoutSchema } from '@/modules/shop/contract/checkout'
import { bindCookie, isBound } from '@/modules/shop/server/checkoutSession'
import { handle, json, readJson } from '@/platform/http'
import { claimOrderForCheckout } from '@/modules/shop/server/orders'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { answerPostsDirectly } from '@/platform/runtime/processState'

/** Ties a just-created pending order to this browser (signed HttpOnly cookie). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const { orderId } = await readJson(request, bindCheckoutSchema, 4 * 1024)
  const id = orderId.toLowerCase()
  await claimOrderForCheckout(await payloadClient(), id, isBound(request, id))
  return json({ orderId: id, bound: true }, { headers: { 'Set-Cookie': bindCookie(request, id) } })
})

// A checkout step: a rush calls it a hundred times at once.
answerPostsDirectly('/api/checkout/bind', POST)
