import { EDITORS } from '@/access/roles'
import { imageUploadSchema } from '@/lib/objectPath'
import { requireRole } from '@/server/auth'
import { handle, json, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { fileUploadedImage } from '@/server/storage/images'

/** Checks the uploaded image, files it in media and answers its `{objectPath}` (owner and manager). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const { imageURL } = await readJson(request, imageUploadSchema)
  return json({ objectPath: await fileUploadedImage(imageURL, user) })
})
