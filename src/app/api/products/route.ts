import { publicGet } from '@/server/http'
import { getPublicProducts } from '@/server/publicData'

/**
 * Active products, served from Next's cache (product and stock writes invalidate it).
 * `?featured=true` is rewritten to ./featured (next.config.ts), so both answers are cached apart.
 */
export const revalidate = 3600

export const GET = publicGet(async () => getPublicProducts(false))
