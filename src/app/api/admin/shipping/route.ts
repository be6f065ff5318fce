import { EDITORS, TEAM } from '@/access/roles'
import { shippingSchema } from '@/lib/schemas/shipping'
import { readShipping, saveShipping } from '@/server/admin/shipping'
import { requireRole } from '@/server/auth'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

/** The shipping zones and the rest of the world's rate (team members read them). */
export const GET = handle(async (request: Request) => json(await readShipping(await requireRole(request, TEAM))))

/** Replaces the shipping zones (owner and manager). */
export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  return json(await saveShipping(user, await readJson(request, shippingSchema)))
})
