import type { MetadataRoute } from 'next'

import { siteUrl } from '@/server/env'

export const dynamic = 'force-dynamic'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/api/', '/cms', '/login', '/checkout', '/success'] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  }
}
