import { handle } from '@/platform/http'
import { assertSameOrigin, isCrossSiteNavigation } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { endSession, expiredSessionCookie } from '@/platform/http/session'

/**
 * Plain browser navigation from the site (the dashboard's Logout button, or the address typed in):
 * ends the session and goes home. A link or image on another site carries the SameSite=Lax cookie
 * too, so it only gets a page asking to confirm, whose button posts from this site.
 */
export async function GET(request: Request) {
  if (isCrossSiteNavigation(request)) {
    return new Response(confirmLogoutPage(), {
      status: 200,
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  }
  return logOut(request, 302)
}

/** The confirmation page's button. */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  return logOut(request, 303)
})

async function logOut(request: Request, status: 302 | 303): Promise<Response> {
  const payload = await payloadClient()
  try {
    await endSession(request)
  } catch (error) {
    payload.logger.warn({ err: error }, 'Logout could not end the session server-side')
  }
  return new Response(null, {
    status,
    headers: { Location: '/', 'Set-Cookie': expiredSessionCookie(payload), 'Cache-Control': 'private, no-store' },
  })
}

function confirmLogoutPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Log out?</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#0f0c22;color:#f8fafc}main{max-width:28rem;padding:1.5rem;text-align:center}a{color:#a78bfa}button{font:inherit;padding:.5rem 1.25rem;border:0;border-radius:.375rem;background:#7c3aed;color:#fff;cursor:pointer}</style>
</head><body><main><h1>Log out?</h1><p>A page on another site sent you here. You are still signed in.</p>
<form method="post" action="/api/logout"><button type="submit">Log out</button></form>
<p><a href="/">Back to Home</a></p></main></body></html>`
}
