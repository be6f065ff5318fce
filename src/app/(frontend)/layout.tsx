import type { Metadata, Viewport } from 'next'
import { connection } from 'next/server'
import type { ReactNode } from 'react'

import { Providers } from '@/dashboard/Providers.client'
import { ThemeStyles } from '@/modules/site/ui/ThemeStyles'
import { siteUrl } from '@/platform/runtime/env'
import { getPublicThemeOrDefault } from '@/modules/site/server/publicData'

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

/**
 * Every page here is rendered per request, so that its scripts carry the nonce of the answer's
 * Content-Security-Policy (set by the proxy). Their data comes from cached reads, so this costs a
 * render, not a database query. The landing page (src/pages) is the one static page.
 */
export default async function FrontendLayout({ children }: { children: ReactNode }) {
  await connection()
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
