import { payloadClient } from '@/server/payload'
import { endSession, expiredSessionCookie } from '@/server/session'

/** Plain browser navigation: ends the session and goes home. */
export async function GET(request: Request) {
  const payload = await payloadClient()
  try {
    await endSession(request)
  } catch (error) {
    payload.logger.warn({ err: error }, 'Logout could not end the session server-side')
  }
  return new Response(null, {
    status: 302,
    headers: { Location: '/', 'Set-Cookie': expiredSessionCookie(payload), 'Cache-Control': 'private, no-store' },
  })
}
