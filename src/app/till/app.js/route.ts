import { tillScript } from '@/modules/merchTable/server/tillScripts'

/** The till's script (`src/modules/merchTable/till/app.ts`, built by `npm run build`). */
export function GET() {
  const script = tillScript('app.js')
  if (script === null) return new Response('Not built', { status: 404 })
  return new Response(script, {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-cache' },
  })
}
