import { NextResponse, type NextRequest } from 'next/server'

import { PRIVATE_CACHE_CONTROL } from '@/lib/httpCaching'
import { databaseReachable } from '@/server/databaseReachable'
import { DATABASE_UNAVAILABLE_MESSAGE } from '@/lib/unavailable'

/**
 * Sign-in, the dashboard and the checkout cannot work without the database: while it is
 * unreachable they answer a plain 503 page saying so (the public page keeps serving its cached copy).
 */
export async function proxy(request: NextRequest) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return NextResponse.next()
  if (await databaseReachable()) return NextResponse.next()
  return new NextResponse(unavailablePage(), {
    status: 503,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      'Retry-After': '30',
    },
  })
}

export const config = { matcher: ['/login', '/admin', '/admin/:path*', '/checkout'] }

function unavailablePage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Temporarily unavailable</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;background:#0f0c22;color:#f8fafc}main{max-width:28rem;padding:1.5rem;text-align:center}a{color:#a78bfa}</style>
</head><body><main><h1>Temporarily unavailable</h1><p>${DATABASE_UNAVAILABLE_MESSAGE}</p><p><a href="/">Back to Home</a></p></main></body></html>`
}
