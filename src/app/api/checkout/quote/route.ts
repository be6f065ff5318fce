import { quoteSchema } from '@/modules/shop/contract/checkout'
import { handle, json, readJson } from '@/platform/http'
import { InvalidDiscountCodeError, quoteAnswer, quoteCart } from '@/modules/shop/server/orders'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { limitByAddress, refuseOverLimit } from '@/platform/http/rateLimit'

/**
 * The one price of a cart before its order exists: `{items, country, state?, postalCode?,
 * discountCode?}` answers the lines, subtotal, discount, shipping (with whether the shop ships to
 * the country) and total, exactly as the order would record them. A refused code gives the price
 * without it and `discountMessage`; wrong codes count against the address as at ordering.
 */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await limitByAddress(request, 'quotes')
  const input = await readJson(request, quoteSchema, 64 * 1024)
  if (input.discountCode) await refuseOverLimit(request, 'discountCodes')
  const quote = await quoteCart(await payloadClient(), input, { reportDiscountRefusal: true })
  if (quote.discountRefusal instanceof InvalidDiscountCodeError) await limitByAddress(request, 'discountCodes')
  return json(quoteAnswer(quote))
})
