import { optionUpdateSchema } from '@/lib/schemas/product'
import { EDITORS } from '@/access/roles'
import { loadedVersionOf } from '@/server/admin/version'
import { deleteOption, updateOption } from '@/server/admin/productOptions'
import { requireRole } from '@/server/auth'
import { handle, json, parseId, readJson } from '@/server/http'
import { assertSameOrigin } from '@/server/origin'

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
