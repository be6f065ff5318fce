import { handle, json } from '@/server/http'
import { tillCatalog } from '@/server/merch/sales'
import { tillFromToken } from '@/server/merch/tills'

type Params = { params: Promise<{ token: string }> }

/** What the till sells: its show, the link's end, the active products and sizes with price and stock. */
export const GET = handle(async (_request: Request, { params }: Params) => {
  const till = await tillFromToken((await params).token, 'open')
  return json(await tillCatalog(till))
})
