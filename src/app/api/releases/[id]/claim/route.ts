import {
  FREE_DOWNLOAD_RESULT_PATHS,
  FREE_DOWNLOAD_SENT,
  freeDownloadFormSchema,
  freeDownloadSchema,
} from '@/modules/shop/contract/freeDownload'
import { subscribe } from '@/modules/newsletter/server/signup'
import { claimFreeRelease } from '@/modules/shop/server/orders/freeClaim'
import { isDomainError } from '@/platform/errors'
import { handle, isFormPost, json, parseId, readForm, readJson, seeOther } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { payloadClient } from '@/platform/db/payload'
import { limitByAddress } from '@/platform/http/rateLimit'

const MAX_BODY_BYTES = 4 * 1024

type Context = { params: Promise<{ id: string }> }

/**
 * A free release's download link by email: `{email, newsletter?}`. 202 with the same answer for
 * every address. A ticked newsletter box signs the address up as the newsletter's form does (its
 * confirmation email). The page's script posts JSON; without it the form posts natively and the
 * browser is sent on to a page with the result.
 */
export const POST = handle(async (request: Request, { params }: Context) => {
  assertSameOrigin(request)
  if (isFormPost(request)) return claimFromForm(request, params)
  const releaseId = parseId((await params).id, 'Release not found')
  await limitByAddress(request, 'freeDownloads')
  const { email, newsletter } = await readJson(request, freeDownloadSchema, MAX_BODY_BYTES)
  await claimFreeRelease(await payloadClient(), releaseId, email)
  if (newsletter) await subscribe(email)
  return json({ message: FREE_DOWNLOAD_SENT }, 202)
})

async function claimFromForm(request: Request, params: Context['params']): Promise<Response> {
  try {
    const releaseId = parseId((await params).id, 'Release not found')
    await limitByAddress(request, 'freeDownloads')
    const { email, newsletter } = await readForm(request, freeDownloadFormSchema, MAX_BODY_BYTES)
    await claimFreeRelease(await payloadClient(), releaseId, email)
    if (newsletter) await subscribe(email)
    return seeOther(FREE_DOWNLOAD_RESULT_PATHS.sent)
  } catch (error) {
    if (!isDomainError(error)) console.error('A free download form failed:', error)
    return seeOther(FREE_DOWNLOAD_RESULT_PATHS.failed)
  }
}
