import { EDITORS } from '@/access/roles'
import { requireRole } from '@/server/auth'
import { handle, json } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { createUploadURL } from '@/server/storage/uploads'

/** `{uploadURL}`: where the dashboard PUTs one image (owner and manager). */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  return json({ uploadURL: await createUploadURL() })
})
