import localFont from 'next/font/local'

/*
 * Self-hosted fonts (files from @fontsource), served by the site itself with size-adjusted
 * fallbacks so swapping them in does not move the layout. Only Inter, the default, is preloaded;
 * the others download only when the theme uses them.
 */
export const inter = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  // The band name (the largest paint) never waits for it: text paints at once in the
  // metric-matched fallback, and the font replaces it without moving anything when it arrives.
  display: 'swap',
  variable: '--font-inter',
  fallback: ['ui-sans-serif', 'system-ui', 'Arial'],
})

export const roboto = localFont({
  src: [
    {
      path: '../../node_modules/@fontsource/roboto/files/roboto-latin-400-normal.woff2',
      weight: '400',
      style: 'normal',
    },
    {
      path: '../../node_modules/@fontsource/roboto/files/roboto-latin-700-normal.woff2',
      weight: '700',
      style: 'normal',
    },
  ],
  display: 'swap',
  variable: '--font-roboto',
  preload: false,
  fallback: ['Arial'],
})

export const oswald = localFont({
  src: [
    {
      path: '../../node_modules/@fontsource/oswald/files/oswald-latin-500-normal.woff2',
      weight: '500',
      style: 'normal',
    },
    {
      path: '../../node_modules/@fontsource/oswald/files/oswald-latin-700-normal.woff2',
      weight: '700',
      style: 'normal',
    },
  ],
  display: 'swap',
  variable: '--font-oswald',
  preload: false,
  fallback: ['Impact', 'Arial Narrow'],
})

/** Classes for <html> that define the fonts' CSS variables. */
export const fontVariables = `${inter.variable} ${roboto.variable} ${oswald.variable}`
