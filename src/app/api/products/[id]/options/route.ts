import { handle, json, notFound, parseId } from '@/server/http'
import { getPublicOptions, getPublicProducts } from '@/server/publicData'

export const GET = handle(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const id = parseId((await params).id, 'Product not found')
  // Only ids of active products reach the per-product cache, so made-up ids cannot fill it.
  if (!(await getPublicProducts(false)).some((product) => product.id === id)) throw notFound('Product not found')
  const options = await getPublicOptions(id)
  if (!options) throw notFound('Product not found')
  return json(options)
})
