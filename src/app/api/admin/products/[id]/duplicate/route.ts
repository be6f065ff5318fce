import { EDITORS } from '@/access/roles'
import { duplicateProduct } from '@/server/admin/productOptions'
import { requireRole } from '@/server/auth'
import { handle, json, parseId } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

/** Answers `{product, optionsCopied}`: the copy named '<name> (Copy)' and how many options it got. */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  return json(await duplicateProduct(user, parseId((await params).id, 'Product not found')), 201)
})
