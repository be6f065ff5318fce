import type { AppProps } from 'next/app'

// Imported here so the fonts' faces are in the page's stylesheet (the document applies their classes).
import '@/styles/fonts'
import '@/styles/globals.css'

export default function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />
}
