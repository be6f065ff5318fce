import { EDITORS, TEAM } from '@/access/roles'
import { discountCodeSchema } from '@/lib/schemas/discountCode'
import { createDiscountCode, listDiscountCodes } from '@/server/admin/discountCodes'
import { requireRole } from '@/server/auth'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

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
