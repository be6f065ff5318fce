import type { AppProps } from 'next/app'

// Imported here so the default font is preloaded (the document applies the font classes).
import '@/styles/fonts'
import '@/styles/globals.css'

export default function App({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />
}
