import { NextResponse, type NextRequest } from 'next/server'

import { PRIVATE_CACHE_CONTROL } from '@/platform/http/caching'
import { newNonce, pageContentSecurityPolicy } from '@/platform/http/securityHeaders'
import { databaseReachable } from '@/platform/db/databaseReachable'
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/platform/db/unavailable'

/** Pages that cannot work without the database. */
const NEEDS_DATABASE = /^\/(login|checkout|admin)(\/|$)/

/**
 * Every page but the static landing page gets a Content-Security-Policy with a fresh nonce, which
 * Next reads from the request and puts on its scripts.
 * Sign-in, the dashboard and the checkout cannot work without the database: while it is
 * unreachable they answer a plain 503 page saying so (the public page keeps serving its cached copy).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl
  const policy = pageContentSecurityPolicy(pathname, newNonce())
  const reading = request.method === 'GET' || request.method === 'HEAD'
  if (reading && NEEDS_DATABASE.test(pathname) && !(await databaseReachable()))
    return new NextResponse(unavailablePage(), {
      status: 503,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': PRIVATE_CACHE_CONTROL,
        'Retry-After': '30',
        'Content-Security-Policy': policy,
      },
    })
  const headers = new Headers(request.headers)
  headers.set('Content-Security-Policy', policy)
  const response = NextResponse.next({ request: { headers } })
  response.headers.set('Content-Security-Policy', policy)
  return response
}

// Every page but the landing page (/, /landing, /merch), the shows' static pages and calendars
// (/shows, /shows/{slug}, /shows.ics) and the music pages (/music, /music/{slug}); not API routes,
// uploaded files or Next's assets.
export const config = {
  matcher: ['/((?!api/|api$|_next/|objects/|landing$|merch$|shows$|shows/|shows\\.ics$|music$|music/).+)'],
}

function unavailablePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#0f0c22;color:#f8fafc}main{max-width:28rem;padding:1.5rem;text-align:center}a{color:#a78bfa}</style>
</head><body><main><h1>Temporarily unavailable</h1><p>${DATABASE_UNAVAILABLE_MESSAGE}</p><p><a href="/">Back to Home</a></p></main></body></html>`
}
