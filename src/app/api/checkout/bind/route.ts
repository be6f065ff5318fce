import { bindCheckoutSchema } from '@/lib/schemas/checkout'
import { bindCookie, isBound } from '@/server/checkoutSession'
import { handle, json, readJson } from '@/server/http'
import { claimOrderForCheckout } from '@/server/orders'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'

/** Ties a just-created pending order to this browser (signed HttpOnly cookie). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const { orderId } = await readJson(request, bindCheckoutSchema, 4 * 1024)
  const id = orderId.toLowerCase()
  await claimOrderForCheckout(await payloadClient(), id, isBound(request, id))
  return json({ orderId: id, bound: true }, { headers: { 'Set-Cookie': bindCookie(request, id) } })
})
