import { createOrderSchema } from '@/lib/schemas/checkout'
import { handle, json, readJson } from '@/server/http'
import { createOrder, InvalidDiscountCodeError } from '@/server/orders'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { limitByAddress, refuseOverLimit } from '@/server/rateLimit'

/**
 * Places a pending order, priced by the server: answers {id, status, subtotalAmount,
 * shippingAmount, discountAmount, totalAmount}. Wrong discount codes are counted per client
 * address; past the limit, every code from that address is refused (429) for a while.
 */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await limitByAddress(request, 'orders')
  const input = await readJson(request, createOrderSchema)
  if (input.discountCode) await refuseOverLimit(request, 'discountCodes')
  try {
    const order = await createOrder(await payloadClient(), input)
    return json(order, 201)
  } catch (error) {
    if (error instanceof InvalidDiscountCodeError) await limitByAddress(request, 'discountCodes')
    throw error
  }
})
