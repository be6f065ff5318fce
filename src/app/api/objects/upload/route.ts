import { z } from 'zod'

import { EDITORS } from '@/platform/access/roles'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { createUpload } from '@/platform/storage/uploads'

/** The body, when there is one: `{kind: "audio"}` asks for an audio master's upload. */
const uploadRequest = z.object({ kind: z.enum(['image', 'audio'], { error: 'kind is "image" or "audio"' }).optional() })

/**
 * `{uploadURL, objectPath, fields?}`: where the dashboard sends one image (owner and manager), or
 * with `{kind: "audio"}` one WAV, AIFF or FLAC master of up to 2 GB: a URL to PUT it to or, with
 * `fields`, a form to POST it to.
 */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  const length = request.headers.get('content-length')
  const hasBody = (length !== null && length !== '0') || request.headers.has('transfer-encoding')
  const { kind } = hasBody ? await readJson(request, uploadRequest) : { kind: undefined }
  return json(await createUpload(kind ?? 'image'))
})
