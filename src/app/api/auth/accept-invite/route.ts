import { acceptInviteSchema } from '@/modules/team/contract/auth'
import { acceptInvitation } from '@/modules/team/server/accounts'
import { serializeUser } from '@/modules/team/contract/serializers'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { limitByAddress } from '@/platform/http/rateLimit'
import { sessionCookie } from '@/platform/http/session'

export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const data = await readJson(request, acceptInviteSchema)
  await limitByAddress(request, 'acceptInvite')
  const payload = await payloadClient()
  const { user, token } = await acceptInvitation(payload, data)
  return json({ user: serializeUser(user) }, { headers: { 'Set-Cookie': sessionCookie(payload, token) } })
})
