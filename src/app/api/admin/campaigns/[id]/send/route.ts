import { EDITORS } from '@/platform/access/roles'
import { campaignSendSchema } from '@/modules/newsletter/contract/campaign'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { sendCampaign } from '@/modules/newsletter/server/campaigns'
import { assertSameOrigin } from '@/platform/http/origin'

/** Sends a draft now, or at `{ "at": ISO time }`; an empty body sends now. */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Campaign not found')
  const hasBody = Number(request.headers.get('content-length') ?? 0) > 0 || request.headers.has('content-type')
  const { at } = hasBody ? await readJson(request, campaignSendSchema) : { at: undefined }
  return json(await sendCampaign(id, at))
})
