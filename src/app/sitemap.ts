import type { MetadataRoute } from 'next'

import { showPageUrl } from '@/modules/shows/contract/showEvent'
import { siteUrl } from '@/platform/runtime/env'
import { getPublicShows } from '@/modules/site/server/publicData'

// Rendered on first request (with this server's SITE_URL), then served from the cache; a change
// to the shows drops it with their cache tag.
export const revalidate = 3600

/**
 * The public page (/landing and /merch are the same page), the shows list, and every public
 * show's page.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const site = siteUrl()
  const shows = await getPublicShows()
  return [
    { url: `${site}/`, changeFrequency: 'weekly', priority: 1 },
    { url: `${site}/shows`, changeFrequency: 'weekly', priority: 0.8 },
    ...shows
      .filter((show) => show.slug)
      .map((show) => ({
        url: showPageUrl(site, show),
        lastModified: show.updatedAt,
        changeFrequency: 'weekly' as const,
        priority: 0.6,
      })),
  ]
}
