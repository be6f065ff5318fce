import { HtmlContext, useHtmlContext } from 'next/dist/shared/lib/html-context.shared-runtime'
import type { ReactNode } from 'react'

import { ThemeStyles } from '@/modules/site/ui/ThemeStyles'
import { getPublicThemeOrDefault } from '@/modules/site/server/publicData'
import { fontVariables, inter } from '@/styles/fonts'

/** Classes of the page's <html> element: the fonts' variables. */
export const documentClassName = fontVariables

/**
 * The web font the stylesheet holds back on a page with the islands' script until `web-fonts` is on
 * <html> (globals.css), as a CSS font shorthand: the script's loader downloads it after the first
 * paint, and lets the text use it from the browser's next visit on.
 */
export const documentWebFont = `1em ${inter.style.fontFamily.split(',')[0]}`

/**
 * The band's theme and custom CSS, to go after the site's stylesheet (as document styles do) so they
 * override its defaults. The theme comes from the same cached read as the page's data.
 */
export async function documentStyles(): Promise<ReactNode> {
  return <ThemeStyles theme={await getPublicThemeOrDefault()} />
}

/**
 * Renders the document without the framework's client runtime, in development too: there Next would
 * otherwise add its runtime and hydrate the whole page over the islands, so `npm run dev` would run
 * other client code than production. Its development-only head (a style hiding the body until that
 * runtime shows it) goes with it. Style changes in development then show on reload.
 */
export function WithoutFrameworkRuntime({ children }: { children: ReactNode }) {
  const context = useHtmlContext()
  return (
    <HtmlContext.Provider value={{ ...context, unstable_runtimeJS: false, isDevelopment: false }}>
      {children}
    </HtmlContext.Provider>
  )
}
