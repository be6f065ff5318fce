import { createOrderSchema } from '@/modules/shop/contract/checkout'
import { handle, json, readJson } from '@/platform/http'
import { createOrder, InvalidDiscountCodeError } from '@/modules/shop/server/orders'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { answerPostsDirectly } from '@/platform/runtime/processState'
import { limitByAddress, refuseOverLimit } from '@/platform/http/rateLimit'

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

// A checkout step: a rush calls it a hundred times at once.
answerPostsDirectly('/api/orders', POST)
