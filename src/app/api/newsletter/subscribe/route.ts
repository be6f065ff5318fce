import { NEWSLETTER_RESULT_PATHS } from '@/modules/newsletter/contract/newsletterResult'
import { newsletterSchema } from '@/modules/newsletter/contract/newsletter'
import { isDomainError } from '@/platform/errors'
import { handle, isFormPost, json, readForm, readJson, seeOther } from '@/platform/http'
import { subscribe } from '@/modules/newsletter/server/signup'
import { assertSameOrigin } from '@/platform/http/origin'
import { limitByAddress } from '@/platform/http/rateLimit'

const MAX_BODY_BYTES = 4 * 1024

/**
 * Same answer whether the address is new or already subscribed (no address lookup for strangers).
 * The page's script posts JSON and shows a toast; without the script the form posts natively, and
 * the browser is sent on to a page with the result (the address never goes into a URL).
 */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  if (isFormPost(request)) return subscribeFromForm(request)
  await limitByAddress(request, 'newsletter')
  const { email } = await readJson(request, newsletterSchema, MAX_BODY_BYTES)
  await subscribe(email)
  return json({ message: 'Subscribed', email })
})

async function subscribeFromForm(request: Request): Promise<Response> {
  try {
    await limitByAddress(request, 'newsletter')
    const { email } = await readForm(request, newsletterSchema, MAX_BODY_BYTES)
    await subscribe(email)
    return seeOther(NEWSLETTER_RESULT_PATHS.subscribed)
  } catch (error) {
    if (!isDomainError(error)) console.error('Newsletter sign-up from the form failed:', error)
    return seeOther(NEWSLETTER_RESULT_PATHS.failed)
  }
}
