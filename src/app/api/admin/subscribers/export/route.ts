import { listQuerySchema } from '@/lib/schemas/lists'
import { EDITORS } from '@/access/roles'
import { parseListQuery } from '@/server/admin/paging'
import { SUBSCRIBER_EXPORT_HEADER, subscriberExportRows } from '@/server/admin/subscribers'
import { requireRole } from '@/server/auth'
import { csvStreamResponse } from '@/server/http/csv'
import { handle } from '@/server/http'

/** Every subscriber matching ?q, newest first, streamed as it is read. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, EDITORS)
  const { q } = parseListQuery(request, listQuerySchema)
  return csvStreamResponse('newsletter-subscribers', SUBSCRIBER_EXPORT_HEADER, subscriberExportRows({ q }))
})
