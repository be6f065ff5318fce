import NextDocument, { Head, Html, Main, NextScript, type DocumentContext } from 'next/document'
import type { AppProps } from 'next/app'

import { ThemeStyles } from '@/components/public/ThemeStyles'
import type { PublicTheme } from '@/lib/themeStyle'
import { fontVariables } from '@/styles/fonts'

/** The HTML shell of the pages under src/pages (the landing page). */
export default class Document extends NextDocument {
  /**
   * The band's theme and custom CSS go after the site's stylesheet (as document styles do), so
   * they override its defaults; the page hands its theme over through its props.
   */
  static async getInitialProps(ctx: DocumentContext) {
    let theme: PublicTheme | null = null
    const renderPage = ctx.renderPage
    ctx.renderPage = () =>
      renderPage({
        enhanceApp: (App) =>
          function WithTheme(props: AppProps) {
            theme = (props.pageProps as { theme?: PublicTheme | null }).theme ?? null
            return <App {...props} />
          },
      })
    const initial = await NextDocument.getInitialProps(ctx)
    return {
      ...initial,
      styles: (
        <>
          {initial.styles}
          <ThemeStyles theme={theme} />
        </>
      ),
    }
  }

  render() {
    return (
      <Html lang="en" className={fontVariables}>
        <Head />
        <body>
          <Main />
          <NextScript />
        </body>
      </Html>
    )
  }
}
