import { EDITORS } from '@/access/roles'
import { requireRole } from '@/server/auth'
import { handle, json } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'
import { createUpload } from '@/server/storage/uploads'

/**
 * `{uploadURL, objectPath, fields?}`: where the dashboard sends one image (owner and manager), a
 * URL to PUT it to or, with `fields`, a form to POST it to.
 */
export const POST = handle(async (request: Request) => {
  assertSameOrigin(request)
  await requireRole(request, EDITORS)
  return json(await createUpload())
})
