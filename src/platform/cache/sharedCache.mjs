// @ts-check
/**
 * Where Next's page and data cache lives. With REDIS_URL, in Redis, shared by every instance on the
 * same database and build (keys `bandsite:<database>:<build>:…`), so a change made through any
 * instance or any script reaches all of them. Without REDIS_URL, in this process's memory.
 *
 * Plain JavaScript: Next loads the cache handler (../../cache-handler.mjs) at run time without
 * compiling it, and scripts outside Next import the same code to invalidate tags.
 */
import { createHash } from 'node:crypto'

import createLruHandler from '@fortedigital/nextjs-cache-handler/local-lru'
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings'
import { createClient } from 'redis'

const STORE = Symbol.for('bandsite.sharedCache')
/** Redis calls give up after this long, so a hanging Redis slows a page down but never stops it. */
const REDIS_TIMEOUT_MS = 1000
/** Builds seen this recently still get their cached pages invalidated (rolling deploys). */
const BUILD_RETENTION_MS = 30 * 24 * 60 * 60 * 1000

/**
 * @typedef {{
 *   kind: 'redis' | 'memory',
 *   handler: import('@fortedigital/nextjs-cache-handler/cache-handler.types').Handler,
 *   revalidateTags: (tags: string[]) => Promise<void>,
 * }} SharedCacheStore
 */

/**
 * The cached landing page shows every kind of public content, so it carries this one tag (see
 * cache-handler.mjs) and every invalidation of public content also drops it.
 */
export const PUBLIC_PAGE_TAG = 'public-page'

/** @param {string[]} tags */
const withPageTag = (tags) => (tags.includes(PUBLIC_PAGE_TAG) ? tags : [...tags, PUBLIC_PAGE_TAG])

/** Key scope of one database: instances on the same DATABASE_URL share their cache. */
export function cacheScope(databaseUrl = process.env.DATABASE_URL ?? '') {
  return `bandsite:${createHash('sha256').update(databaseUrl).digest('hex').slice(0, 16)}:`
}

/** The store of this process (created once, on first use). */
export function sharedCacheStore(buildId = 'development') {
  const global = /** @type {Record<symbol, SharedCacheStore | undefined>} */ (/** @type {unknown} */ (globalThis))
  global[STORE] ??= createStore(buildId)
  return global[STORE]
}

/** The store of this process if Next's cache handler has created one. */
export function existingSharedCacheStore() {
  return /** @type {Record<symbol, SharedCacheStore | undefined>} */ (/** @type {unknown} */ (globalThis))[STORE]
}

/** @returns {SharedCacheStore} */
function createStore(/** @type {string} */ buildId) {
  const url = process.env.REDIS_URL
  // The build never writes to Redis: what it renders has no database behind it.
  if (!url || process.env.NEXT_PHASE === 'phase-production-build') {
    const handler = createLruHandler({ maxItemsNumber: 2000, maxItemSizeBytes: 256 * 1024 * 1024 })
    return {
      kind: 'memory',
      handler,
      revalidateTags: async (tags) => {
        for (const tag of withPageTag(tags)) await handler.revalidateTag(tag)
      },
    }
  }

  const scope = cacheScope()
  const client = connectRedis(url)
  const handler = createRedisHandler({ client, keyPrefix: `${scope}${buildId}:`, timeoutMs: REDIS_TIMEOUT_MS })
  /** Tags whose invalidation failed while Redis was away; sent again once it is back. */
  const missed = new Set()

  async function revalidateTags(/** @type {string[]} */ tags) {
    try {
      await revalidateInRedis(client, scope, tags)
    } catch (error) {
      for (const tag of tags) missed.add(tag)
      console.warn(
        `Could not invalidate cached pages (${tags.join(', ')}) in Redis; retrying when it is back:`,
        errorMessage(error),
      )
    }
  }

  client.on('ready', () => {
    client
      .zAdd(`${scope}builds`, { score: Date.now(), value: buildId })
      .catch((error) => console.warn('Could not register this build in Redis:', errorMessage(error)))
    if (missed.size > 0) {
      const tags = [...missed]
      missed.clear()
      void revalidateTags(tags)
    }
  })
  return { kind: 'redis', handler, revalidateTags }
}

/** A client that reconnects by itself and fails fast (no offline queue) while Redis is away. */
function connectRedis(/** @type {string} */ url) {
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: 2000,
      reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2000),
    },
  })
  let down = false
  client.on('error', (error) => {
    if (down) return
    down = true
    console.warn(`Redis is unavailable (${errorMessage(error)}); pages render from the database until it is back.`)
  })
  client.on('ready', () => {
    if (down) console.info('Redis is back; pages are cached again.')
    down = false
  })
  client.connect().catch(() => {
    // Reported by the 'error' listener; the client keeps reconnecting.
  })
  return client
}

/** Removes every cached page and data entry carrying one of the tags, in every recent build. */
async function revalidateInRedis(
  /** @type {ReturnType<typeof createClient>} */ client,
  /** @type {string} */ scope,
  /** @type {string[]} */ tags,
) {
  if (!client.isReady) throw new Error('not connected')
  tags = withPageTag(tags)
  const builds = await client.zRangeByScore(`${scope}builds`, Date.now() - BUILD_RETENTION_MS, '+inf')
  for (const build of builds) {
    const handler = createRedisHandler({ client, keyPrefix: `${scope}${build}:`, timeoutMs: REDIS_TIMEOUT_MS })
    for (const tag of tags) await handler.revalidateTag(tag)
  }
}

/**
 * Invalidation from a process that is not a Next server (seed, scripts): with REDIS_URL, through the
 * same Redis the servers read; without it there is no shared cache to reach (answers false).
 */
export async function revalidateTagsOutsideNext(/** @type {string[]} */ tags) {
  const url = process.env.REDIS_URL
  if (!url) return false
  const client = createClient({ url, socket: { connectTimeout: 2000, reconnectStrategy: false } })
  client.on('error', () => {
    // The failing call below reports it.
  })
  try {
    await client.connect()
    await revalidateInRedis(client, cacheScope(), tags)
    return true
  } finally {
    if (client.isOpen) await client.quit().catch(() => client.destroy())
  }
}

function errorMessage(/** @type {unknown} */ error) {
  return error instanceof Error ? error.message || error.name : String(error)
}
