import { handle, json, notFound, parseId } from '@/server/http'
import { getPublicOptions } from '@/server/publicData'

export const GET = handle(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const id = parseId((await params).id, 'Product not found')
  const options = await getPublicOptions(id)
  if (!options) throw notFound('Product not found')
  return json(options)
})
