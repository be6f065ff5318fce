import localFont from 'next/font/local'

/*
 * Self-hosted fonts (files from @fontsource), served by the site itself with size-adjusted
 * fallbacks so swapping them in does not move the layout. None is preloaded: each downloads when
 * the page's text first uses it.
 */
export const inter = localFont({
  src: '../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2',
  weight: '100 900',
  style: 'normal',
  // The band name (the largest paint) never waits for it: text paints at once in a fallback
  // sized to Inter's metrics (globals.css), which the font replaces without moving anything. Not
  // preloaded: the landing page asks for it once it has painted.
  display: 'swap',
  preload: false,
  adjustFontFallback: false,
  variable: '--font-inter',
  fallback: ['Inter Fallback', 'Inter Fallback Roboto', 'ui-sans-serif', 'system-ui', 'Arial'],
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
