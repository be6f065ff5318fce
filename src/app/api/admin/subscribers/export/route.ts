import { EDITORS } from '@/server/admin/crud'
import { listSubscribers } from '@/server/admin/subscribers'
import { requireRole } from '@/server/auth'
import { csvResponse, toCsv } from '@/server/csv'
import { handle } from '@/server/http'

export const GET = handle(async (request: Request) => {
  const subscribers = await listSubscribers(await requireRole(request, EDITORS))
  const rows = subscribers.map((s) => [s.email, s.createdAt, s.isActive ? 'yes' : 'no'])
  return csvResponse('newsletter-subscribers', toCsv(['Email', 'Subscribed Date', 'Active'], rows))
})
