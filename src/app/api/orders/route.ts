import { createOrderSchema } from '@/lib/schemas/checkout'
import { handle, json, readJson } from '@/server/http'
import { createOrder } from '@/server/orders'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { limitByAddress } from '@/server/rateLimit'

/** Places a pending order, priced by the server: answers {id, status, subtotalAmount, shippingAmount, totalAmount}. */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await limitByAddress(request, 'orders')
  const input = await readJson(request, createOrderSchema)
  const order = await createOrder(await payloadClient(), input)
  return json(order, 201)
})
