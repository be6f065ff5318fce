import { TEAM } from '@/platform/access/roles'
import { packingSlips } from '@/modules/shop/server/admin/packingSlips'
import { packingSlipsPage } from '@/modules/shop/ui/admin/packingSlipsPage'
import { requireRole } from '@/platform/http/auth'
import { handle, parseId } from '@/platform/http'

/**
 * Packing slips to print (team members): `?order={id}` for one order, else every paid order not yet
 * shipped. A plain page with print CSS, one order per printed page, without the dashboard.
 */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  const given = new URL(request.url).searchParams.get('order')
  const slips = await packingSlips(given === null ? null : parseId(given, 'Order not found'))
  const html = packingSlipsPage(slips)
  return new Response(html, {
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'private, no-store' },
  })
})
