// @ts-check
/**
 * How long a "not found" answer stays cached, in seconds (Next's cache and shared caches alike):
 * every unknown address a crawler tries becomes an entry, and those must not push real pages out.
 * Plain JavaScript, as the cache handler (../../cache-handler.mjs) reads it without compiling.
 */
export const NOT_FOUND_CACHE_SECONDS = 60
