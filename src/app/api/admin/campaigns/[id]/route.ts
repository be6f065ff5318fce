import { EDITORS } from '@/platform/access/roles'
import { campaignSchema } from '@/modules/newsletter/contract/campaign'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { deleteCampaign, getCampaign, updateCampaign } from '@/modules/newsletter/server/campaigns'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ id: string }> }

export const GET = handle(async (request: Request, { params }: Params) => {
  await requireRole(request, EDITORS)
  return json(await getCampaign(parseId((await params).id, 'Campaign not found')))
})

/** Only a draft can be edited (409 otherwise). */
export const PUT = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Campaign not found')
  const input = await readJson(request, campaignSchema)
  return json(await updateCampaign(user, id, input))
})

/** Only a draft can be deleted (409 otherwise). */
export const DELETE = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Campaign not found')
  await deleteCampaign(user, id)
  return json({ id, deleted: true })
})
