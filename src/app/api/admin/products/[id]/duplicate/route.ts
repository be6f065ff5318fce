import { EDITORS } from '@/platform/access/roles'
import { duplicateProduct } from '@/modules/catalog/server/productOptions'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

/** Answers `{product, optionsCopied}`: the copy named '<name> (Copy)' and how many options it got. */
export const POST = handle(async (request: Request, { params }: { params: Promise<{ id: string }> }) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  return json(await duplicateProduct(user, parseId((await params).id, 'Product not found')), 201)
})
