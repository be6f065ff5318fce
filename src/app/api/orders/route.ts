import { createOrderSchema } from '@/lib/schemas/checkout'
import { handle, json, readJson } from '@/server/http'
import { createOrder } from '@/server/orders'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { clientAddress, rateLimit } from '@/server/rateLimit'

/**
 * Orders one address may place in 10 minutes. A crowd at the merch table shares the venue's one
 * public address, and a pending order holds no stock, so the limit only stops a flood.
 */
const ORDERS_PER_ADDRESS = 300

/** Places a pending order, priced by the server: answers {id, status, subtotalAmount, shippingAmount, totalAmount}. */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await rateLimit(`orders:${clientAddress(request)}`, ORDERS_PER_ADDRESS, 10 * 60)
  const input = await readJson(request, createOrderSchema)
  const order = await createOrder(await payloadClient(), input)
  return json(order, 201)
})
