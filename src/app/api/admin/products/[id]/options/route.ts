import { optionSchema } from '@/modules/catalog/contract/product'
import { EDITORS, TEAM } from '@/platform/access/roles'
import { addOption, listOptions } from '@/modules/catalog/server/productOptions'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ id: string }> }

/** Every option of the product, inactive ones and stock included (dashboard). */
export const GET = handle(async (request: Request, { params }: Params) => {
  const user = await requireRole(request, TEAM)
  return json(await listOptions(user, parseId((await params).id, 'Product not found')))
})

export const POST = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const productId = parseId((await params).id, 'Product not found')
  return json(await addOption(user, productId, await readJson(request, optionSchema)), 201)
})
