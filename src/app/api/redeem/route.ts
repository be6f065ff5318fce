import { z } from 'zod'

import { redeemSchema, type RedeemError } from '@/modules/music/contract/codes'
import { isUnknownCode, redeemCode } from '@/modules/music/server/redeem'
import { payloadClient } from '@/platform/db/payload'
import { fieldErrors, invalid, isDomainError } from '@/platform/errors'
import { handle, isFormPost, json, readForm, readJson, seeOther } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { limitByAddress, refuseOverLimit } from '@/platform/http/rateLimit'

const MAX_BODY_BYTES = 4 * 1024
const formFields = z.object({ code: z.string().max(200).default(''), email: z.string().max(300).default('') })

/**
 * `{code, email}`: redeems a download code (public). 200 and the download link emailed; 410 for a
 * used code; 404 for an unknown one. Unknown codes are counted per client address: past 10 in 10
 * minutes every code from it is refused (429) for a while. The `/redeem` form, posted without its
 * script, is sent on to the confirmation, or back to the form with the error and the typed code.
 */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  if (!isFormPost(request)) {
    await refuseOverLimit(request, 'downloadCodes')
    const result = await redeem(request, await readJson(request, redeemSchema, MAX_BODY_BYTES))
    return json({
      message: result.downloadUrl
        ? 'We have emailed you a download link.'
        : `We will email you a download link when it comes out on ${result.releaseDate}.`,
      release: { title: result.title, releaseDate: result.releaseDate },
    })
  }
  const fields = await readForm(request, formFields, MAX_BODY_BYTES)
  try {
    await refuseOverLimit(request, 'downloadCodes')
    const parsed = redeemSchema.safeParse(fields)
    if (!parsed.success) throw invalid('Please check the highlighted fields.', fieldErrors(parsed.error))
    const result = await redeem(request, parsed.data)
    return seeOther(result.downloadUrl ? '/redeem/sent' : `/redeem/sent?on=${result.releaseDate}`)
  } catch (error) {
    const query = new URLSearchParams({ error: formError(error) })
    if (fields.code) query.set('code', fields.code.slice(0, 40))
    return seeOther(`/redeem?${query}`)
  }
})

async function redeem(request: Request, input: { code: string; email: string }) {
  try {
    return await redeemCode(await payloadClient(), input)
  } catch (error) {
    if (isUnknownCode(error)) await limitByAddress(request, 'downloadCodes')
    throw error
  }
}

/** The `/redeem` page's name for a refusal; anything else is the server's error as usual. */
function formError(error: unknown): RedeemError {
  if (isDomainError(error, 'notFound')) return 'invalid'
  if (isDomainError(error, 'gone')) return 'used'
  if (isDomainError(error, 'tooMany')) return 'tooMany'
  if (isDomainError(error, 'invalid')) return error.fields?.email ? 'email' : 'code'
  throw error
}
