import { notFound, parseId, publicGet } from '@/server/http'
import { getPublicOptions, getPublicProducts } from '@/server/publicData'

// Each product's options are cached on first request; option, product and stock writes invalidate them.
export const revalidate = 3600
export const generateStaticParams = async () => []

export const GET = publicGet(async (_request: Request, { params }: { params: Promise<{ id: string }> }) => {
  const id = parseId((await params).id, 'Product not found')
  // Only ids of active products reach the per-product cache, so made-up ids cannot fill it.
  if (!(await getPublicProducts(false)).some((product) => product.id === id)) throw notFound('Product not found')
  const options = await getPublicOptions(id)
  if (!options) throw notFound('Product not found')
  return options
})
