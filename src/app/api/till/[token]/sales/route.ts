import { tillSaleSchema } from '@/modules/merchTable/contract/till'
import { handle, json, readJson } from '@/platform/http'
import { recordSale, showSales } from '@/modules/merchTable/server/sales'
import { tillFromToken } from '@/modules/merchTable/server/tills'
import { assertSameOrigin } from '@/platform/http/origin'

type Params = { params: Promise<{ token: string }> }

/** Tonight's sales of the link's show, from every till, newest first. */
export const GET = handle(async (_request: Request, { params }: Params) => {
  const till = await tillFromToken((await params).token, 'open')
  return json(await showSales(till.showId))
})

/** Records a sale made at the table: 201 the first time, 200 with the same record on any repeat. */
export const POST = handle(async (request: Request, { params }: Params) => {
  assertSameOrigin(request)
  const till = await tillFromToken((await params).token, 'sync')
  const input = await readJson(request, tillSaleSchema)
  const { created, sale } = await recordSale(till, input)
  return json(sale, created ? 201 : 200)
})
