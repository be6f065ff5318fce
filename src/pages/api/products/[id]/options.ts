import { notFound } from '@/platform/errors'
import { parseId } from '@/platform/http'
import { publicApiGet } from '@/platform/http/publicApi'
import { getPublicOptions, getPublicProducts } from '@/modules/site/server/publicData'

/** A product's options, from the cached public reads (option, product and stock writes invalidate them). */
export default publicApiGet(async (request) => {
  const id = parseId(typeof request.query.id === 'string' ? request.query.id : undefined, 'Product not found')
  // Only ids of active products reach the per-product cache, so made-up ids cannot fill it.
  if (!(await getPublicProducts(false)).some((product) => product.id === id)) throw notFound('Product not found')
  const options = await getPublicOptions(id)
  if (!options) throw notFound('Product not found')
  return options
})
