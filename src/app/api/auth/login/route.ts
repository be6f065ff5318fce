import { loginSchema } from '@/lib/schemas/auth'
import { signIn } from '@/server/accounts'
import { serializeUser } from '@/lib/serializers'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { limitByAddress } from '@/server/rateLimit'
import { sessionCookie } from '@/server/session'

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const data = await readJson(request, loginSchema)
  await limitByAddress(request, 'signIn')
  const payload = await payloadClient()
  const { user, token } = await signIn(payload, data.email, data.password)
  return json({ user: serializeUser(user) }, { headers: { 'Set-Cookie': sessionCookie(payload, token) } })
})
