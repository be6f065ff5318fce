import { EDITORS } from '@/platform/access/roles'
import { requireRole } from '@/platform/http/auth'
import { handle, json } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'
import { createUpload } from '@/platform/storage/uploads'

/**
 * `{uploadURL, objectPath, fields?}`: where the dashboard sends one image (owner and manager), a
 * URL to PUT it to or, with `fields`, a form to POST it to.
 */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  return json(await createUpload())
})
