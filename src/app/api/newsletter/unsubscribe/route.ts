import { z } from 'zod'

import { HttpError } from '@/server/errors'
import { handle, json, readForm, seeOther } from '@/server/http'
import { unsubscribe } from '@/server/newsletter/signup'

const MAX_BODY_BYTES = 4 * 1024

const oneClickSchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', 'must be One-Click'),
  from: z.string().optional(),
})

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
  if (!(await unsubscribe(token))) throw new HttpError(404, 'This unsubscribe link is not valid.')
  if (form.from === 'page') return seeOther(pagePath(token))
  return json({ message: 'Unsubscribed' })
})

/** The one-click body, as a URL-encoded form or (RFC 8058 allows both) multipart/form-data. */
async function readOneClick(request: Request): Promise<z.infer<typeof oneClickSchema>> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) {
    return readForm(request, oneClickSchema, MAX_BODY_BYTES)
  }
  if (Number(request.headers.get('content-length') ?? MAX_BODY_BYTES + 1) > MAX_BODY_BYTES) {
    throw new HttpError(413, 'The request body is too large.')
  }
  const fields = Object.fromEntries([...(await request.formData()).entries()].filter(([, v]) => typeof v === 'string'))
  const result = oneClickSchema.safeParse(fields)
  if (!result.success) throw new HttpError(400, 'Send List-Unsubscribe=One-Click.')
  return result.data
}
