import type { MetadataRoute } from 'next'

import { showPageUrl } from '@/modules/shows/contract/showEvent'
import { siteUrl } from '@/platform/runtime/env'
import { getPublicReleases, getPublicShows } from '@/modules/site/server/publicData'

// Rendered on first request (with this server's SITE_URL), then served from the cache; a change
// to the shows or the releases drops it with their cache tag.
export const revalidate = 3600

/**
 * The public page (/landing and /merch are the same page), the shows list, every public show's
 * page, the music list and every active release's page.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const site = siteUrl()
  const [shows, releases] = await Promise.all([getPublicShows(), getPublicReleases()])
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
    { url: `${site}/music`, changeFrequency: 'weekly', priority: 0.8 },
    ...releases
      .filter((release) => release.slug)
      .map((release) => ({
        url: `${site}/music/${release.slug}`,
        changeFrequency: 'monthly' as const,
        priority: 0.6,
      })),
  ]
}
