import { EDITORS } from '@/platform/access/roles'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId } from '@/platform/http'
import { moveCampaign } from '@/modules/newsletter/server/campaigns'
import { assertSameOrigin } from '@/platform/http/origin'

export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  return json(await moveCampaign(parseId((await params).id, 'Campaign not found'), 'pause'))
})
