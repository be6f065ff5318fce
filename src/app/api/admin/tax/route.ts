import { EDITORS, TEAM } from '@/platform/access/roles'
import { taxSchema } from '@/modules/shop/contract/tax'
import { readTax, saveTax } from '@/modules/shop/server/taxSettings'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

/** The tax rates and whether prices include tax (team members read them). */
export const GET = handle(async (request: Request) => json(await readTax(await requireRole(request, TEAM))))

/** Replaces the tax settings (owner and manager). */
export const PUT = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  return json(await saveTax(user, await readJson(request, taxSchema)))
})
