import { tillScript } from '@/modules/merchTable/server/tillScripts'

/** The till's service worker (`src/modules/merchTable/till/sw.ts`), for the pages under /till/. */
export function GET() {
  const script = tillScript('sw.js')
  if (script === null) return new Response('Not built', { status: 404 })
  return new Response(script, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'no-cache',
      'Service-Worker-Allowed': '/till/',
    },
  })
}
