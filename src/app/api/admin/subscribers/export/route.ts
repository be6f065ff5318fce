import { listQuerySchema } from '@/lib/schemas/lists'
import { EDITORS } from '@/platform/access/roles'
import { parseListQuery } from '@/platform/db/paging'
import { SUBSCRIBER_EXPORT_HEADER, subscriberExportRows } from '@/modules/newsletter/server/subscribers'
import { requireRole } from '@/platform/http/auth'
import { csvStreamResponse } from '@/platform/http/csv'
import { handle } from '@/platform/http'

/** Every subscriber matching ?q, newest first, streamed as it is read. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, EDITORS)
  const { q } = parseListQuery(request, listQuerySchema)
  return csvStreamResponse('newsletter-subscribers', SUBSCRIBER_EXPORT_HEADER, subscriberExportRows({ q }))
})
