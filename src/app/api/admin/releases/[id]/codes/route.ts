import { codeBatchCreateSchema } from '@/modules/music/contract/codes'
import { createCodeBatch, listCodeBatches } from '@/modules/music/server/codeBatches'
import { EDITORS, TEAM } from '@/platform/access/roles'
import { findOr404 } from '@/platform/db/crud'
import { payloadClient } from '@/platform/db/payload'
import { handle, json, parseId, readJson } from '@/platform/http'
import { requireRole } from '@/platform/http/auth'
import { assertSameOrigin } from '@/platform/http/origin'

type Context = { params: Promise<{ id: string }> }

/** The release's code batches, newest first: `[{id, label, count, used, createdAt}]`. */
export const GET = handle(async (request: Request, { params }: Context) => {
  await requireRole(request, TEAM)
  const id = parseId((await params).id, 'Release not found')
  await findOr404('releases', id, 'Release not found')
  return json(await listCodeBatches(await payloadClient(), id))
})

/** `{count, label}`: makes a batch of 1 to 10,000 single-use download codes for the release (201). */
export const POST = handle(async (request: Request, { params }: Context) => {
  assertSameOrigin(request)
  const user = await requireRole(request, EDITORS)
  const id = parseId((await params).id, 'Release not found')
  await findOr404('releases', id, 'Release not found')
  const input = await readJson(request, codeBatchCreateSchema)
  return json(await createCodeBatch(await payloadClient(), id, input, String(user.id)), 201)
})
