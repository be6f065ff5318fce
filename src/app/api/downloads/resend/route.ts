import { downloadResendSchema } from '@/modules/music/contract/downloads'
import { resendDownloadLink } from '@/modules/music/server/downloads'
import { downloadsErrorPage } from '@/modules/music/ui/downloadsPage'
import { handle, isFormPost, json, readForm, readJson, seeOther, toErrorResponse } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { limitByAddress } from '@/platform/http/rateLimit'

const MAX_BODY_BYTES = 4 * 1024

/** The same answer whether or not the address has anything to download. */
export const DOWNLOAD_RESEND_ANSWER = 'If that address has downloads, a new link is on its way.'

/**
 * A fan who lost the link asks for a fresh one (public, rate-limited per client and per address).
 * The form posted without the page's script is sent on to the "sent" page; its errors come back
 * as a plain page with the error's status.
 */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const form = isFormPost(request)
  try {
    await limitByAddress(request, 'downloadLinks')
    const { email } = form
      ? await readForm(request, downloadResendSchema, MAX_BODY_BYTES)
      : await readJson(request, downloadResendSchema, MAX_BODY_BYTES)
    await resendDownloadLink(email)
    return form ? seeOther('/downloads/sent') : json({ message: DOWNLOAD_RESEND_ANSWER })
  } catch (error) {
    if (!form) throw error
    const answer = toErrorResponse(error)
    const body = (await answer.json()) as { message: string; errors?: Record<string, string> }
    const retryAfter = answer.headers.get('Retry-After')
    return new Response(downloadsErrorPage(Object.values(body.errors ?? {})[0] ?? body.message), {
      status: answer.status,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'private, no-store',
        ...(retryAfter ? { 'Retry-After': retryAfter } : {}),
      },
    })
  }
})
