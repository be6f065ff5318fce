import { EDITORS } from '@/platform/access/roles'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId } from '@/platform/http'
import { sendTest } from '@/modules/newsletter/server/campaigns'
import { assertSameOrigin } from '@/platform/http/origin'

/** "Send me a test": the campaign as fans get it, to the signed-in team member's address. */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const campaign = await sendTest(user, parseId((await params).id, 'Campaign not found'))
  return json({ ...campaign, testSentTo: user.email })
})
