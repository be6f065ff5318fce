import { privacyEmailSchema } from '@/modules/privacy/contract'
import { requestPrivacyLink } from '@/modules/privacy/server/fanRequest'
import { json, readForm, readJson, seeOther } from '@/platform/http'
import { limitByAddress } from '@/platform/http/rateLimit'

import { privacyRoute } from '../formAnswer'

const MAX_BODY_BYTES = 4 * 1024

/** The same answer whether or not the site holds anything for the address. */
export const PRIVACY_REQUEST_ANSWER =
  'If we hold data for this address, we have emailed it a link. The link works for one hour.'

/**
 * A fan asks for a link to their own data (public, rate-limited per client and per address). The
 * form posted without the page's script is sent on to the result page.
 */
export const POST = privacyRoute(async (request, form) => {
  await limitByAddress(request, 'privacyRequests')
  const { email } = form
    ? await readForm(request, privacyEmailSchema, MAX_BODY_BYTES)
    : await readJson(request, privacyEmailSchema, MAX_BODY_BYTES)
  await requestPrivacyLink(email)
  return form ? seeOther('/privacy/request/sent') : json({ message: PRIVACY_REQUEST_ANSWER })
})
