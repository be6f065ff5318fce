import { loginSchema } from '@/modules/team/contract/auth'
import { signIn } from '@/modules/team/server/accounts'
import { serializeUser } from '@/modules/team/contract/serializers'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { limitByAddress } from '@/platform/http/rateLimit'
import { sessionCookie } from '@/platform/http/session'

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const data = await readJson(request, loginSchema)
  await limitByAddress(request, 'signIn')
  const payload = await payloadClient()
  const { user, token } = await signIn(payload, data.email, data.password)
  return json({ user: serializeUser(user) }, { headers: { 'Set-Cookie': sessionCookie(payload, token) } })
})
