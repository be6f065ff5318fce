/** Plain browser navigation from the site's "Sign In" buttons. */
export function GET() {
  return new Response(null, {
    status: 302,
    headers: { Location: '/login?next=/admin', 'Cache-Control': 'private, no-store' },
  })
}
