import type { MetadataRoute } from 'next'

import { siteUrl } from '@/server/env'

// Rendered on first request (with this server's SITE_URL), then served from the cache.
export const revalidate = 3600

/** The public page is the one page worth indexing (/landing and /merch are the same page). */
export default function sitemap(): MetadataRoute.Sitemap {
  return [{ url: `${siteUrl()}/`, changeFrequency: 'weekly', priority: 1 }]
}
