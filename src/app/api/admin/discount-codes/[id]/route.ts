import { EDITORS, TEAM } from '@/platform/access/roles'
import { discountCodeUpdateSchema } from '@/modules/shop/contract/discountCode'
import { deleteDiscountCode, getDiscountCode, updateDiscountCode } from '@/modules/shop/server/discountCodes'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

type IdParams = { params: Promise<{ id: string }> }
const NOT_FOUND = 'Discount code not found'

/** One discount code with its uses and revenue (team). */
export const GET = handle(async (request: Request, { params }: IdParams) => {
  const user = await requireRole(request, TEAM)
  return json(await getDiscountCode(user, parseId((await params).id, NOT_FOUND)))
})

/** Changes a discount code (owner and manager); `uses` cannot be set. */
export const PUT = handle(async (request: Request, { params }: IdParams) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).id, NOT_FOUND)
  const { updatedAt, ...input } = await readJson(request, discountCodeUpdateSchema)
  return json(await updateDiscountCode(user, id, input, updatedAt))
})

/** Deletes a discount code (owner and manager); orders keep their discount. */
export const DELETE = handle(async (request: Request, { params }: IdParams) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  return json(await deleteDiscountCode(user, parseId((await params).id, NOT_FOUND)))
})
