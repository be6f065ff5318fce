import type { MetadataRoute } from 'next'

import { siteUrl } from '@/platform/runtime/env'

// Rendered on first request (with this server's SITE_URL), then served from the cache.
export const revalidate = 3600

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/cms', '/login', '/checkout', '/success'] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  }
}
