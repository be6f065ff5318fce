import { privacyTokenSchema } from '@/modules/privacy/contract'
import { personalDataOfToken } from '@/modules/privacy/server/fanRequest'
import { json, readForm, readJson } from '@/platform/http'

import { privacyRoute } from '../formAnswer'

/** What the team's export gives, as a JSON file, for the address of a fan's live link (404/410 otherwise). */
export const POST = privacyRoute(async (request, form) => {
  const { token } = form ? await readForm(request, privacyTokenSchema) : await readJson(request, privacyTokenSchema)
  const data = await personalDataOfToken(token)
  const day = new Date().toISOString().slice(0, 10)
  return json(data, { headers: { 'Content-Disposition': `attachment; filename="personal-data-${day}.json"` } })
})
