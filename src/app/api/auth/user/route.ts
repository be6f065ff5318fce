import { serializeUser } from '@/modules/team/contract/serializers'
import { currentUser } from '@/platform/http/auth'
import { unauthenticated } from '@/platform/errors'
import { handle, json } from '@/platform/http'

export const GET = handle(async (request: Request) => {
  const user = await currentUser(request)
  if (!user) throw unauthenticated('Unauthorized')
  return json(serializeUser(user))
})
