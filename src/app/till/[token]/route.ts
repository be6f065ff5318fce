import { TILL_PAGE } from '@/modules/merchTable/ui/tillPage'

/** The till's page. The link is checked by its API; the page itself is the same for every link. */
export function GET() {
  return new Response(TILL_PAGE, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-cache' },
  })
}
