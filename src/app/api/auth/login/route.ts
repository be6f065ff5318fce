import { loginSchema } from '@/lib/schemas/auth'
import { signIn } from '@/server/accounts'
import { publicUser } from '@/server/auth'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { clientAddress, rateLimit } from '@/server/rateLimit'
import { sessionCookie } from '@/server/session'

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const data = await readJson(request, loginSchema)
  await rateLimit(`login:${clientAddress(request)}`, 30, 10 * 60)
  const payload = await payloadClient()
  const { user, token } = await signIn(payload, data.email, data.password)
  return json({ user: publicUser(user) }, { headers: { 'Set-Cookie': sessionCookie(payload, token) } })
})
