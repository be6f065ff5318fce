import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { Providers } from '@/components/public/Providers.client'
import { ThemeStyles } from '@/components/public/ThemeStyles'
import { siteUrl } from '@/server/env'
import { getPublicThemeOrDefault } from '@/server/publicData'

import { fontVariables } from '@/styles/fonts'
import '@/styles/globals.css'

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(siteUrl()),
    title: 'Band Name',
    icons: { icon: { url: '/icon.svg', type: 'image/svg+xml', sizes: 'any' } },
  }
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0c0a1d' }

export default async function FrontendLayout({ children }: { children: ReactNode }) {
  const theme = await getPublicThemeOrDefault()
  return (
    <html lang="en" className={fontVariables}>
      <head>
        <ThemeStyles theme={theme} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
