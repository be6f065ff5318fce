import { stopAlerts } from '@/modules/stock/server/backInStock'
import { notFound } from '@/platform/errors'
import { handle, json, seeOther } from '@/platform/http'
import { readOneClick } from '@/platform/http/oneClick'
import { payloadClient } from '@/platform/db/payload'

const pagePath = (token: string) => `/back-in-stock/stop?token=${encodeURIComponent(token)}`

/** A GET (a person, or a scanner following the header's link) only leads to the page with the button. */
export const GET = handle(async (request: Request) => {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return seeOther(pagePath(token))
})

/**
 * Stops every waiting back-in-stock alert of the address the signed link names. Mail providers
 * POST `List-Unsubscribe=One-Click` with no cookie and no Origin, so the signed token in the URL is
 * the authority; a bad token is refused (404) and changes nothing. The page's button posts the
 * same form with `from=page` and is sent back to the page.
 */
export const POST = handle(async (request: Request) => {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const form = await readOneClick(request)
  if (!(await stopAlerts(await payloadClient(), token))) throw notFound('This link is not valid.')
  if (form.from === 'page') return seeOther(pagePath(token))
  return json({ message: 'Alerts stopped' })
})
