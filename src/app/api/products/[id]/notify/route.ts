import { BACK_IN_STOCK_RESULT_PATHS } from '@/modules/stock/contract/backInStockResult'
import { backInStockFormSchema, backInStockSchema } from '@/modules/stock/contract/backInStock'
import { waitForStock } from '@/modules/stock/server/backInStock'
import { isDomainError } from '@/platform/errors'
import { handle, isFormPost, json, parseId, readForm, readJson, seeOther } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { limitByAddress } from '@/platform/http/rateLimit'

const MAX_BODY_BYTES = 4 * 1024

type Context = { params: Promise<{ id: string }> }

/**
 * "Email me when it's back": a fan leaves an address on a sold-out size. 202 whether or not the
 * address already waits (nothing about other fans is told). The card's script posts JSON; without
 * it the form posts natively and the browser is sent on to a page with the result.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  assertSameOrigin(request)
  if (isFormPost(request)) return waitFromForm(request, params)
  const productId = parseId((await params).id, 'Product not found')
  await limitByAddress(request, 'backInStock')
  const { email, productOptionId } = await readJson(request, backInStockSchema, MAX_BODY_BYTES)
  await waitForStock(await payloadClient(), productId, productOptionId, email)
  return json({ message: "We'll email you when it's back." }, 202)
})

async function waitFromForm(request: Request, params: Context['params']): Promise<Response> {
  try {
    const productId = parseId((await params).id, 'Product not found')
    await limitByAddress(request, 'backInStock')
    const { email, productOptionId } = await readForm(request, backInStockFormSchema, MAX_BODY_BYTES)
    await waitForStock(await payloadClient(), productId, productOptionId, email)
    return seeOther(BACK_IN_STOCK_RESULT_PATHS.saved)
  } catch (error) {
    if (!isDomainError(error)) console.error("An 'Email me when it's back' form failed:", error)
    return seeOther(BACK_IN_STOCK_RESULT_PATHS.failed)
  }
}
