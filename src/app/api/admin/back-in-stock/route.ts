import { TEAM } from '@/access/roles'
import { requireRole } from '@/server/auth'
import { waitingList } from '@/server/backInStock'
import { handle, json } from '@/server/http'
import { payloadClient } from '@/server/payload'

/** Who waits for which sold-out size, per product and size (team): the demand before a reprint. */
export const GET = handle(async (request: Request) => {
  await requireRole(request, TEAM)
  return json(await waitingList(await payloadClient()))
})
