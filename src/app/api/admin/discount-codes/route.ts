import { EDITORS, TEAM } from '@/platform/access/roles'
import { discountCodeSchema } from '@/modules/shop/contract/discountCode'
import { createDiscountCode, listDiscountCodes } from '@/modules/shop/server/discountCodes'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

/** Every discount code with its uses and revenue (team). */
export const GET = handle(async (request: Request) => {
  const user = await requireRole(request, TEAM)
  return json(await listDiscountCodes(user))
})

/** Creates a discount code (owner and manager). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const input = await readJson(request, discountCodeSchema)
  return json(await createDiscountCode(user, input), 201)
})
