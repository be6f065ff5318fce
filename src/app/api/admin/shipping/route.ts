import { EDITORS, TEAM } from '@/platform/access/roles'
import { shippingSchema } from '@/modules/shop/contract/shipping'
import { readShipping, saveShipping } from '@/modules/shop/server/shippingSettings'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

/** The shipping zones and the rest of the world's rate (team members read them). */
export const GET = handle(async (request: Request) => json(await readShipping(await requireRole(request, TEAM))))

/** Replaces the shipping zones (owner and manager). */
export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  return json(await saveShipping(user, await readJson(request, shippingSchema)))
})
