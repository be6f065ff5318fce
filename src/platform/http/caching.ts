/**
 * What shared caches (nginx, a CDN) may do with an answer. Public pages and GETs may be kept one
 * second and served stale for a minute while a fresh copy is fetched; everything personal or
 * cookie-setting must never be stored.
 */
export const PUBLIC_CACHE_CONTROL = 'public, s-maxage=1, stale-while-revalidate=59'
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

/** Paths of the public page. */
export const PUBLIC_PAGE_PATHS = ['/', '/landing', '/merch'] as const

/** The shows' static pages: cached and sent like the public page, with its static policy. */
export const SHOWS_PAGE_PATHS = ['/shows', '/shows/:slug'] as const

/** The music pages: cached and sent like the public page. */
export const MUSIC_PAGE_PATHS = ['/music', '/music/:slug'] as const

/** Pages that are personal or part of a purchase: never stored by a shared cache. */
export const PRIVATE_PAGE_PATHS = [
  '/admin/:path*',
  '/login',
  '/checkout',
  '/success',
  '/objects/uploads/:path*',
] as const

/**
 * A request with an `RSC` header asks for the router's data, and Next answers it differently
 * (a redirect to the `?_rsc=` URL): a cache that keys on the URL alone must never keep it.
 */
const RSC_REQUEST = [{ type: 'header', key: 'rsc' }] as const

/** next.config `headers()` rules that declare the cacheability of pages (route handlers set their own). */
export function cacheControlHeaderRules() {
  return [
    ...[...PUBLIC_PAGE_PATHS, ...SHOWS_PAGE_PATHS, ...MUSIC_PAGE_PATHS].map((source) => ({
      source,
      missing: [...RSC_REQUEST],
      headers: [{ key: 'Cache-Control', value: PUBLIC_CACHE_CONTROL }],
    })),
    ...[...PUBLIC_PAGE_PATHS, ...SHOWS_PAGE_PATHS, ...MUSIC_PAGE_PATHS].map((source) => ({
      source,
      has: [...RSC_REQUEST],
      headers: [{ key: 'Cache-Control', value: PRIVATE_CACHE_CONTROL }],
    })),
    ...['/sitemap.xml', '/robots.txt'].map((source) => ({
      source,
      headers: [{ key: 'Cache-Control', value: PUBLIC_CACHE_CONTROL }],
    })),
    ...PRIVATE_PAGE_PATHS.map((source) => ({
      source,
      headers: [{ key: 'Cache-Control', value: PRIVATE_CACHE_CONTROL }],
    })),
  ]
}
