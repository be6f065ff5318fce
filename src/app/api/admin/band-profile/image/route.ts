import { EDITORS } from '@/platform/access/roles'
import { imageUploadSchema } from '@/lib/objectPath'
import { requireRole } from '@/platform/http/auth'
import { handle, json, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { fileUploadedImage } from '@/platform/storage/images'

/** Checks the uploaded image, files it in media and answers its `{objectPath}` (owner and manager). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const { imageURL } = await readJson(request, imageUploadSchema)
  return json({ objectPath: await fileUploadedImage(imageURL, user) })
})
