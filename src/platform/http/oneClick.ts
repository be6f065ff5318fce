import { z } from 'zod'

import { invalid, tooLarge } from '@/platform/errors'

import { readForm } from './index'

/** A one-click body is one short field; anything longer is not one. */
const MAX_BODY_BYTES = 4 * 1024

const oneClickSchema = z.object({
  'List-Unsubscribe': z.literal('One-Click', 'must be One-Click'),
  /** `page`: posted by the button on the link's own page, which the poster is sent back to. */
  from: z.string().optional(),
})

const NOT_ONE_CLICK = 'Send List-Unsubscribe=One-Click.'

export type OneClickBody = z.infer<typeof oneClickSchema>

/**
 * The body of a one-click unsubscribe POST (`List-Unsubscribe=One-Click`), as mail providers send
 * it to the address in a `List-Unsubscribe` header: a URL-encoded form or multipart/form-data, both
 * allowed. 413 when larger than a few kilobytes (or of unknown length as multipart), 415 for any
 * other type, 400 without the field.
 */
export async function readOneClick(request: Request): Promise<OneClickBody> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '')) {
    return readForm(request, oneClickSchema, MAX_BODY_BYTES)
  }
  if (Number(request.headers.get('content-length') ?? MAX_BODY_BYTES + 1) > MAX_BODY_BYTES) {
    throw tooLarge('The request body is too large.')
  }
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    throw invalid(NOT_ONE_CLICK)
  }
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))
  const result = oneClickSchema.safeParse(fields)
  if (!result.success) throw invalid(NOT_ONE_CLICK)
  return result.data
}
