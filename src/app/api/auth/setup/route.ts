import { setupSchema } from '@/modules/team/contract/auth'
import { setupOwner } from '@/modules/team/server/accounts'
import { serializeUser } from '@/modules/team/contract/serializers'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { sessionCookie } from '@/platform/http/session'

/** Creates the owner account; only possible while the site has no user at all. */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const data = await readJson(request, setupSchema)
  const payload = await payloadClient()
  const { user, token } = await setupOwner(payload, data)
  return json({ user: serializeUser(user) }, { status: 201, headers: { 'Set-Cookie': sessionCookie(payload, token) } })
})
