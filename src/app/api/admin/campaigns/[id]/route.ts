import { EDITORS } from '@/access/roles'
import { campaignSchema } from '@/lib/schemas/campaign'
import { requireRole } from '@/server/auth'
import { handle, json, parseId, readJson } from '@/server/http'
import { deleteCampaign, getCampaign, updateCampaign } from '@/server/newsletter/campaigns'
import { assertSameOrigin } from '@/server/origin'

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
