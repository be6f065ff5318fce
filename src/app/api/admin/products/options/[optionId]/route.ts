import { optionUpdateSchema } from '@/modules/catalog/contract/product'
import { EDITORS } from '@/platform/access/roles'
import { loadedVersionOf } from '@/platform/db/version'
import { deleteOption, updateOption } from '@/modules/catalog/server/productOptions'
import { requireRole } from '@/platform/http/auth'
import { handle, json, parseId, readJson } from '@/platform/http'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ optionId: string }> }

/** Edits an option in place; a save over a newer version of it answers 409. */
export const PUT = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).optionId, 'Option not found')
  const input = await readJson(request, optionUpdateSchema)
  return json(await updateOption(user, id, input, loadedVersionOf(request, input.updatedAt)))
})

export const DELETE = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).optionId, 'Option not found')
  await deleteOption(user, id)
  return json({ id, deleted: true })
})
