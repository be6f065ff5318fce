import type { MetadataRoute } from 'next'

import { siteUrl } from '@/server/env'

export const dynamic = 'force-dynamic'

/** The public page is the one page worth indexing (/landing and /merch are the same page). */
export default function sitemap(): MetadataRoute.Sitemap {
  return [{ url: `${siteUrl()}/`, changeFrequency: 'weekly', priority: 1 }]
}
