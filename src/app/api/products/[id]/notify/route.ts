import { BACK_IN_STOCK_RESULT_PATHS } from '@/lib/backInStockResult'
import { backInStockFormSchema, backInStockSchema } from '@/lib/schemas/backInStock'
import { waitForStock } from '@/server/backInStock'
import { HttpError } from '@/server/errors'
import { handle, isFormPost, json, parseId, readForm, readJson, seeOther } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { limitByAddress } from '@/server/rateLimit'

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
    if (!(error instanceof HttpError)) console.error("An 'Email me when it's back' form failed:", error)
    return seeOther(BACK_IN_STOCK_RESULT_PATHS.failed)
  }
}
