import { EDITORS } from '@/platform/access/roles'
import { campaignSchema } from '@/modules/newsletter/contract/campaign'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { createCampaign, listCampaigns } from '@/modules/newsletter/server/campaigns'
import { assertSameOrigin } from '@/platform/http/origin'

/** Newsletter campaigns, newest first, with their counts. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, EDITORS)
  return json({ docs: await listCampaigns() })
})

/** A new draft: `{ subject, body (Markdown), audience?: { city?, state? } }`. */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const input = await readJson(request, campaignSchema)
  return json(await createCampaign(user, input), 201)
})
