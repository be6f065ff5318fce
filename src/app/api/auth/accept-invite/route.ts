import { acceptInviteSchema } from '@/lib/schemas/auth'
import { acceptInvitation } from '@/server/accounts'
import { serializeUser } from '@/lib/serializers'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { payloadClient } from '@/server/payload'
import { limitByAddress } from '@/server/rateLimit'
import { sessionCookie } from '@/server/session'

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const data = await readJson(request, acceptInviteSchema)
  await limitByAddress(request, 'acceptInvite')
  const payload = await payloadClient()
  const { user, token } = await acceptInvitation(payload, data)
  return json({ user: serializeUser(user) }, { headers: { 'Set-Cookie': sessionCookie(payload, token) } })
})
