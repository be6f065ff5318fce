import { EDITORS } from '@/access/roles'
import { campaignSchema } from '@/lib/schemas/campaign'
import { requireRole } from '@/server/auth'
import { handle, json, readJson } from '@/server/http'
import { createCampaign, listCampaigns } from '@/server/newsletter/campaigns'
import { assertSameOrigin } from '@/server/origin'

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
