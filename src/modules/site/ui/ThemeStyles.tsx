import { themeCss, themeCustomCss, type PublicTheme } from '@/modules/site/ui/themeStyle'

/** The band's theme as CSS variables, then its custom CSS; both after the site's stylesheet. */
export function ThemeStyles({ theme }: { theme: PublicTheme | null }) {
  const customCss = themeCustomCss(theme)
  return (
    <>
      <style id="theme-settings" dangerouslySetInnerHTML={{ __html: themeCss(theme) }} />
      {customCss && <style id="theme-custom-css" dangerouslySetInnerHTML={{ __html: customCss }} />}
    </>
  )
}
