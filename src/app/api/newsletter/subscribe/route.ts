import { newsletterSchema } from '@/lib/schemas/newsletter'
import { handle, json, readJson } from '@/server/http'
import { subscribe } from '@/server/newsletter'
import { assertSameOrigin } from '@/server/origin'
import { limitByAddress } from '@/server/rateLimit'

/** Same answer whether the address is new or already subscribed (no address lookup for strangers). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await limitByAddress(request, 'newsletter')
  const { email } = await readJson(request, newsletterSchema, 4 * 1024)
  await subscribe(email)
  return json({ message: 'Subscribed', email })
})
