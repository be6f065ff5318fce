import { handle, json } from '@/server/http'
import { getPublicProducts } from '@/server/publicData'

/** Active products; `?featured=true` keeps only the featured ones. */
export const GET = handle(async (request: Request) => {
  const featured = new URL(request.url).searchParams.get('featured') === 'true'
  return json(await getPublicProducts(featured))
})
