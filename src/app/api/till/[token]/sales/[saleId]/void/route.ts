import { tillVoidSchema } from '@/modules/merchTable/contract/till'
import { handle, json, parseId, readJson } from '@/platform/http'
import { voidSale } from '@/modules/merchTable/server/sales'
import { tillFromToken } from '@/modules/merchTable/server/tills'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ token: string; saleId: string }> }

/** Voids a sale of the link's show: it is kept, marked void, and its units go back. Voiding twice is one void. */
export const POST = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  const { token, saleId } = await params
  const till = await tillFromToken(token, 'sync')
  const id = parseId(saleId, 'Sale not found')
  const hasBody = Number(request.headers.get('content-length') ?? 0) > 0 || request.headers.has('content-type')
  const { reason } = hasBody ? await readJson(request, tillVoidSchema) : { reason: null }
  return json(await voidSale(till, id, reason))
})
