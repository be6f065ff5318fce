import NextDocument, { Head, Html, Main, NextScript, type DocumentContext } from 'next/document'

import { ThemeStyles } from '@/components/public/ThemeStyles'
import { getPublicThemeOrDefault } from '@/server/publicData'
import { fontVariables } from '@/styles/fonts'

/** The HTML shell of the pages under src/pages (the landing page). */
export default class Document extends NextDocument {
  /**
   * The band's theme and custom CSS go after the site's stylesheet (as document styles do), so
   * they override its defaults. The theme comes from the same cached read as the page's data.
   */
  static async getInitialProps(ctx: DocumentContext) {
    const [initial, theme] = await Promise.all([NextDocument.getInitialProps(ctx), getPublicThemeOrDefault()])
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
