import { EDITORS } from '@/access/roles'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { moveCampaign } from '@/server/newsletter/campaigns'
import { assertSameOrigin } from '@/server/origin'

export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  return json(await moveCampaign(parseId((await params).id, 'Campaign not found'), 'resume'))
})
