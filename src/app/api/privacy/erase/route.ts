import { privacyEraseSchema } from '@/modules/privacy/contract'
import { eraseByToken } from '@/modules/privacy/server/fanRequest'
import { json, readForm, readJson, seeOther } from '@/platform/http'

import { privacyRoute } from '../formAnswer'

/**
 * Erases what the site holds for the address of a fan's live link, as the team's erasure does,
 * once the fan confirmed that it cannot be undone (`confirm=yes`); the link is spent.
 */
export const POST = privacyRoute(async (request, form) => {
  const { token } = form ? await readForm(request, privacyEraseSchema) : await readJson(request, privacyEraseSchema)
  const counts = await eraseByToken(token)
  return form ? seeOther('/privacy/request/erased') : json(counts)
})
