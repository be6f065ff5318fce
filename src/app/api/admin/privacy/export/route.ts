import { findPersonalData } from '@/modules/privacy/server/privacy'
import { payloadClient } from '@/platform/db/payload'
import { requireRole } from '@/platform/http/auth'
import { handle, json } from '@/platform/http'

import { emailQuery } from '../emailQuery'

/** What GET /api/admin/privacy answers, as a JSON file to hand to the person it is about (owner only). */
export const GET = handle(async (request: Request) => {
  await requireRole(request, ['owner'])
  const data = await findPersonalData(await payloadClient(), emailQuery(request))
  const day = new Date().toISOString().slice(0, 10)
  return json(data, { headers: { 'Content-Disposition': `attachment; filename="personal-data-${day}.json"` } })
})
