import { parseColor } from '@/lib/color'
import type { ThemeSettings } from '@/modules/site/contract/types'

/** The editable fields as the form holds them: text, and the background image's path or none. */
export type ThemeFormValues = {
  [K in Exclude<keyof ThemeSettings, 'id' | 'createdAt' | 'updatedAt' | 'backgroundImage'>]: string
} & {
  backgroundImage: string | null
}
export const formOf = (t: ThemeSettings): ThemeFormValues => ({
  backgroundColor: t.backgroundColor,
  foregroundColor: t.foregroundColor,
  primaryColor: t.primaryColor,
  accentColor: t.accentColor,
  cardColor: t.cardColor,
  backgroundImage: t.backgroundImage,
  backgroundStyle: t.backgroundStyle,
  backgroundPosition: t.backgroundPosition,
  fontFamily: t.fontFamily,
  headerFontFamily: t.headerFontFamily,
  borderRadius: t.borderRadius,
  cardOpacity: String(t.cardOpacity),
  customCss: t.customCss ?? '',
  notificationEmail: t.notificationEmail ?? '',
})

export const COLOURS = [
  ['backgroundColor', 'Background Color'],
  ['foregroundColor', 'Text Color'],
  ['primaryColor', 'Primary Color'],
  ['accentColor', 'Accent Color'],
  ['cardColor', 'Card Color'],
] as const
/** The colour picker's value: the colour as #rrggbb (black while the text is not a colour). */
export function pickerValue(value: string): string {
  const rgb = parseColor(value)
  return rgb ? `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}` : '#000000'
}

/** What each section of the form needs: the values, their setter, the messages and whether it is locked. */
export type ThemeSection = {
  form: ThemeFormValues
  set: <K extends keyof ThemeFormValues>(key: K, value: ThemeFormValues[K]) => void
  errors: Record<string, string>
  disabled: boolean
}
