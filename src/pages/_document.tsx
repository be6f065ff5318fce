import NextDocument, { Head, Html, Main, NextScript, type DocumentContext } from 'next/document'

import { documentClassName, documentWebFont, documentStyles, WithoutFrameworkRuntime } from '@/landing/server/document'

/** The HTML shell of the pages under src/pages: the landing page's (src/landing). */
export default class Document extends NextDocument {
  static async getInitialProps(ctx: DocumentContext) {
    const [initial, styles] = await Promise.all([NextDocument.getInitialProps(ctx), documentStyles()])
    return {
      ...initial,
      styles: (
        <>
          {initial.styles}
          {styles}
        </>
      ),
    }
  }

  render() {
    return (
      <WithoutFrameworkRuntime>
        <Html lang="en" className={documentClassName} data-web-font={documentWebFont}>
          <Head />
          <body>
            <Main />
            <NextScript />
          </body>
        </Html>
      </WithoutFrameworkRuntime>
    )
  }
}
