import { publicGet } from '@/server/http'
import { getPublicProducts } from '@/server/publicData'

/** Active featured products (`GET /api/products?featured=true`), served from Next's cache. */
export const revalidate = 3600

export const GET = publicGet(async () => getPublicProducts(true))
