import { notFound } from '@/platform/errors'
import { handle, json, seeOther } from '@/platform/http'
import { readOneClick } from '@/platform/http/oneClick'
import { unsubscribe } from '@/modules/newsletter/server/signup'

const pagePath = (token: string) => `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`

/** A GET (a person, or a scanner following the header's link) only leads to the page with the button. */
export const GET = handle(async (request: Request) => {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  return seeOther(pagePath(token))
})

/**
 * RFC 8058 one-click unsubscribe: mail providers POST `List-Unsubscribe=One-Click` with no cookie
 * and no Origin, so there is no origin check; the signed token in the URL is the authority. An
 * altered or foreign token is refused (404) and changes nothing. The page's button posts the same
 * form with `from=page` and is sent back to the page.
 */
export const POST = handle(async (request: Request) => {
  const token = new URL(request.url).searchParams.get('token') ?? ''
  const form = await readOneClick(request)
  if (!(await unsubscribe(token))) throw notFound('This unsubscribe link is not valid.')
  if (form.from === 'page') return seeOther(pagePath(token))
  return json({ message: 'Unsubscribed' })
})
