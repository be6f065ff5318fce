import { EDITORS } from '@/access/roles'
import { campaignSendSchema } from '@/lib/schemas/campaign'
import { requireRole } from '@/server/auth'
import { handle, json, parseId, readJson } from '@/server/http'
import { sendCampaign } from '@/server/newsletter/campaigns'
import { assertSameOrigin } from '@/server/origin'

/** Sends a draft now, or at `{ "at": ISO time }`; an empty body sends now. */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Campaign not found')
  const hasBody = Number(request.headers.get('content-length') ?? 0) > 0 || request.headers.has('content-type')
  const { at } = hasBody ? await readJson(request, campaignSendSchema) : { at: undefined }
  return json(await sendCampaign(id, at))
})
