import { readableTextOn } from '@/lib/color'
import { sanitizeCustomCss } from '../contract/customCss'
import { objectImagePath } from '../contract/publicText'
import { BACKGROUND_STYLES, BODY_FONTS, BORDER_RADII, HEADER_FONTS, THEME_DEFAULTS } from '../contract/themeValues'
import { SAFE_CSS_VALUE } from '@/lib/validators'

/** The theme fields the page's CSS is built from, loosely typed: themeCss checks every value again. */
export type PublicTheme = {
  backgroundColor: string
  foregroundColor: string
  primaryColor: string
  accentColor: string
  cardColor: string
  backgroundImage: string | null
  backgroundStyle: string
  backgroundPosition: string
  fontFamily: string
  headerFontFamily: string
  borderRadius: string
  cardOpacity: number
  customCss: string | null
}

/** Font stacks: the self-hosted fonts are CSS variables set by next/font on <html>. */
const FONT_STACKS: Record<string, string> = {
  Inter: 'var(--font-inter), ui-sans-serif, system-ui, sans-serif',
  Roboto: 'var(--font-roboto), ui-sans-serif, system-ui, sans-serif',
  Oswald: 'var(--font-oswald), Impact, "Arial Narrow", sans-serif',
  Georgia: 'Georgia, "Times New Roman", Times, serif',
  Arial: 'Arial, Helvetica, sans-serif',
}

const BACKGROUND_LAYOUT: Record<(typeof BACKGROUND_STYLES)[number], { size: string; repeat: string }> = {
  cover: { size: 'cover', repeat: 'no-repeat' },
  contain: { size: 'contain', repeat: 'no-repeat' },
  repeat: { size: 'auto', repeat: 'repeat' },
  'no-repeat': { size: 'auto', repeat: 'no-repeat' },
}

function safeValue(value: string | null | undefined, fallback: string): string {
  return value && SAFE_CSS_VALUE.test(value) ? value : fallback
}

function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback
}

/**
 * The theme as CSS custom properties on :root (read by globals.css), plus the fixed background
 * image. Every value is checked again here, whatever the database holds.
 */
export function themeCss(theme: Partial<PublicTheme> | null | undefined): string {
  const t = theme ?? {}
  const background = safeValue(t.backgroundColor, THEME_DEFAULTS.backgroundColor)
  const foreground = safeValue(t.foregroundColor, THEME_DEFAULTS.foregroundColor)
  const primary = safeValue(t.primaryColor, THEME_DEFAULTS.primaryColor)
  const accent = safeValue(t.accentColor, THEME_DEFAULTS.accentColor)
  const card = safeValue(t.cardColor, THEME_DEFAULTS.cardColor)
  const radius = oneOf(
    t.borderRadius,
    BORDER_RADII.map((r) => r.value),
    THEME_DEFAULTS.borderRadius,
  )
  const opacity = typeof t.cardOpacity === 'number' && t.cardOpacity >= 0 && t.cardOpacity <= 1 ? t.cardOpacity : 1
  const bodyFont = oneOf(t.fontFamily, BODY_FONTS, THEME_DEFAULTS.fontFamily)
  const headerFont = oneOf(t.headerFontFamily, HEADER_FONTS, THEME_DEFAULTS.headerFontFamily)

  const vars = [
    `--background:${background}`,
    `--foreground:${foreground}`,
    `--primary:${primary}`,
    `--primary-foreground:${readableTextOn(primary)}`,
    `--accent:${accent}`,
    `--accent-foreground:${readableTextOn(accent)}`,
    `--card-solid:${card}`,
    `--card-opacity:${Math.round(opacity * 100)}%`,
    `--radius:${radius === '0' ? '0px' : radius}`,
    `--theme-font-body:${FONT_STACKS[bodyFont]}`,
    `--theme-font-heading:${FONT_STACKS[headerFont]}`,
  ]
  let css = `:root{${vars.join(';')}}`

  const image = t.backgroundImage && t.backgroundImage !== 'none' ? objectImagePath(t.backgroundImage) : null
  if (image && /^\/objects\/[\w\-./]+$/.test(image)) {
    const layout = BACKGROUND_LAYOUT[oneOf(t.backgroundStyle, BACKGROUND_STYLES, 'cover')]
    const position = safeValue(t.backgroundPosition, THEME_DEFAULTS.backgroundPosition)
    css +=
      `body{background-image:url("${image}");background-size:${layout.size};` +
      `background-repeat:${layout.repeat};background-position:${position};background-attachment:fixed}`
  }
  return css
}

/** The custom CSS, sanitised (empty when there is none). */
export function themeCustomCss(theme: Partial<PublicTheme> | null | undefined): string {
  return sanitizeCustomCss(theme?.customCss)
}
