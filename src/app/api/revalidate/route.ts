import { CACHE_TAGS } from '@/lib/cacheTags'
import { HttpError } from '@/server/errors'
import { handle, json } from '@/server/http'
import { revalidatePublic } from '@/server/revalidate'
import { isRevalidateToken } from '@/server/revalidateToken'

/** Refreshes every public page's data after content changed outside this server (content import). */
export const POST = handle(async (request: Request) => {
  if (!isRevalidateToken(request.headers.get('authorization')))
    throw new HttpError(401, 'A valid revalidation token is required.')
  const tags = Object.values(CACHE_TAGS)
  await revalidatePublic(...tags)
  return json({ revalidated: tags })
})
