// @ts-check
/**
 * Next's cache handler (next.config.ts `cacheHandler`): pages, route handler answers and
 * unstable_cache data go to Redis with REDIS_URL (shared by every instance), else to memory.
 * A Redis that is away makes reads miss and writes fail quietly, so pages render from the
 * database instead of failing; the client reconnects by itself.
 */
import { CacheHandler } from '@fortedigital/nextjs-cache-handler'

import { NOT_FOUND_CACHE_SECONDS } from './src/platform/cache/notFound.mjs'
import { PUBLIC_PAGE_TAG, sharedCacheStore } from './src/platform/cache/sharedCache.mjs'

CacheHandler.onCreation(({ buildId }) => ({ handlers: [sharedCacheStore(buildId ?? 'development').handler] }))

/** An entry expires at 1.5 times its revalidate time (the handler's default). */
const NOT_FOUND_REVALIDATE = (NOT_FOUND_CACHE_SECONDS * 2) / 3

/** Whether `value` is Next's record of a "not found" answer (a Pages Router notFound, an App Router 404). */
const isNotFound = (/** @type {any} */ value) =>
  value === null ||
  value === undefined ||
  ((value.kind === 'APP_PAGE' || value.kind === 'APP_ROUTE') && value.status === 404)

export default class BandsiteCacheHandler extends CacheHandler {
  /**
   * Route handler answers carry their cache tags in a header, as pages do: store them as the
   * entry's tags. The landing page (the one page under src/pages) gets the public page's tag.
   * "Not found" answers live NOT_FOUND_CACHE_SECONDS at most.
   */
  async set(/** @type {string} */ cacheKey, /** @type {any} */ value, /** @type {any} */ ctx) {
    if (isNotFound(value)) {
      const cacheControl = { ...ctx?.cacheControl, revalidate: NOT_FOUND_REVALIDATE, expire: NOT_FOUND_CACHE_SECONDS }
      return super.set(cacheKey, value, { ...ctx, revalidate: NOT_FOUND_REVALIDATE, cacheControl })
    }
    if (value?.kind === 'PAGES')
      return super.set(cacheKey, value, { ...ctx, tags: [...(ctx?.tags ?? []), PUBLIC_PAGE_TAG] })
    const header = value?.kind === 'APP_ROUTE' ? value.headers?.['x-next-cache-tags'] : undefined
    const tags = typeof header === 'string' && header ? header.split(',') : undefined
    return super.set(cacheKey, value, tags ? { ...ctx, tags } : ctx)
  }
}
