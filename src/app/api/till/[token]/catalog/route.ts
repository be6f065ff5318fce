import { handle, json } from '@/platform/http'
import { tillCatalog } from '@/modules/merchTable/server/tillCatalog'
import { tillFromToken } from '@/modules/merchTable/server/tills'

type Params = { params: Promise<{ token: string }> }

/** What the till sells: its show, the link's end, the active products and sizes with price and stock. */
export const GET = handle(async (_request: Request, { params }: Params) => {
  const till = await tillFromToken((await params).token, 'open')
  return json(await tillCatalog(till))
})
