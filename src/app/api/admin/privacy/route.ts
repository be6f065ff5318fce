import { findPersonalData } from '@/modules/privacy/server/privacy'
import { payloadClient } from '@/platform/db/payload'
import { requireRole } from '@/platform/http/auth'
import { handle, json } from '@/platform/http'

import { emailQuery } from './emailQuery'

/** Everything the site holds for ?email= (owner only). */
export const GET = handle(async (request: Request) => {
  await requireRole(request, ['owner'])
  return json(await findPersonalData(await payloadClient(), emailQuery(request)))
})
