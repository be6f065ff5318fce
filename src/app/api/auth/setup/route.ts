import { setupSchema } from '@/lib/schemas/auth'
import { setupOwner } from '@/server/accounts'
import { serializeUser } from '@/lib/serializers'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { sessionCookie } from '@/server/session'

/** Creates the owner account; only possible while the site has no user at all. */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const data = await readJson(request, setupSchema)
  const payload = await payloadClient()
  const { user, token } = await setupOwner(payload, data)
  return json({ user: serializeUser(user) }, { status: 201, headers: { 'Set-Cookie': sessionCookie(payload, token) } })
})
