import type { Metadata, Viewport } from 'next'
import type { ReactNode } from 'react'

import { Providers } from '@/components/public/Providers.client'
import { themeCss, themeCustomCss, type PublicTheme } from '@/lib/themeStyle'
import { siteUrl } from '@/server/env'
import { getPublicTheme } from '@/server/publicData'

import { inter, oswald, roboto } from './fonts'
import './globals.css'

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(siteUrl()),
    title: 'Band Name',
  }
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#0c0a1d' }

async function readTheme(): Promise<PublicTheme | null> {
  try {
    return await getPublicTheme()
  } catch (error) {
    console.error('Could not read the theme settings; showing the default theme:', error)
    return null
  }
}

export default async function FrontendLayout({ children }: { children: ReactNode }) {
  const theme = await readTheme()
  const customCss = themeCustomCss(theme)
  return (
    <html lang="en" className={`${inter.variable} ${roboto.variable} ${oswald.variable}`}>
      <head>
        <style id="theme-settings" dangerouslySetInnerHTML={{ __html: themeCss(theme) }} />
        {customCss && <style id="theme-custom-css" dangerouslySetInnerHTML={{ __html: customCss }} />}
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  )
}
