import { TEAM } from '@/platform/access/roles'
import { requireRole } from '@/platform/http/auth'
import { waitingList } from '@/modules/stock/server/backInStock'
import { handle, json } from '@/platform/http'
import { payloadClient } from '@/platform/db/payload'

/** Who waits for which sold-out size, per product and size (team): the demand before a reprint. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  return json(await waitingList(await payloadClient()))
})
