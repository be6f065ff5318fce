import { serializeUser } from '@/lib/serializers'
import { currentUser } from '@/server/auth'
import { HttpError } from '@/server/errors'
import { handle, json } from '@/server/http'

export const GET = handle(async (request: Request) => {
  const user = await currentUser(request)
  if (!user) throw new HttpError(401, 'Unauthorized')
  return json(serializeUser(user))
})
