import { slugWords } from '@/lib/slug'
import { formatCode } from '@/modules/music/contract/codes'
import { codeBatchExport } from '@/modules/music/server/codeBatches'
import { TEAM } from '@/platform/access/roles'
import { payloadClient } from '@/platform/db/payload'
import { handle, parseId } from '@/platform/http'
import { requireRole } from '@/platform/http/auth'
import { csvStreamResponse } from '@/platform/http/csv'

type Context = { params: Promise<{ id: string; batchId: string }> }

/** `/codes/{batchId}.csv`: one batch's codes as printed, with when each was redeemed (empty while unused). */
export const GET = handle(async (request: Request, { params }: Context) => {
  await requireRole(request, TEAM)
  const { id, batchId } = await params
  const releaseId = parseId(id, 'Release not found')
  const batch = await codeBatchExport(
    await payloadClient(),
    releaseId,
    parseId(batchId.replace(/\.csv$/, ''), 'Code batch not found'),
  )
  const rows = batch.codes.map((c) => [formatCode(c.code), c.usedAt ?? ''])
  return csvStreamResponse(
    `${batch.slug}-codes-${slugWords(batch.label) || 'batch'}`,
    ['code', 'used_at'],
    (async function* () {
      yield rows
    })(),
  )
})
