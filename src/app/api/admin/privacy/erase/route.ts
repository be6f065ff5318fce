import { privacyEmailSchema } from '@/modules/privacy/contract'
import { erasePersonalData } from '@/modules/privacy/server/privacy'
import { payloadClient } from '@/platform/db/payload'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

/** Erases what the site holds for the address in the body, in one transaction (owner only). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const owner = await requireRole(request, ['owner'])
  const { email } = await readJson(request, privacyEmailSchema)
  return json(await erasePersonalData(await payloadClient(), email, owner))
})
