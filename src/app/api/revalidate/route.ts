import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import { unauthenticated } from '@/platform/errors'
import { handle, json } from '@/platform/http'
import { revalidatePublic } from '@/platform/cache/revalidate'
import { isRevalidateToken } from '@/platform/cache/revalidateToken'

/** Refreshes every public page's data after content changed outside this server (content import). */
export const POST = handle(async (request: Request) => {
  if (!isRevalidateToken(request.headers.get('authorization')))
    throw unauthenticated('A valid revalidation token is required.')
  const tags = Object.values(CACHE_TAGS)
  await revalidatePublic(...tags)
  return json({ revalidated: tags })
})
