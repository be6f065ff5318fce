/** Font Awesome's stylesheet, served by the site itself (only loaded for custom icon classes). */
export const FONT_AWESOME_CSS = '/vendor/fontawesome/css/all.min.css'

const STYLE_CLASSES = new Set([
  'fa',
  'fas',
  'far',
  'fab',
  'fal',
  'fat',
  'fad',
  'fa-solid',
  'fa-regular',
  'fa-brands',
  'fa-light',
  'fa-thin',
  'fa-duotone',
  'fa-sharp',
])

/** The icon's name in a class string: 'fa-brands fa-instagram' → 'instagram'. */
export function iconName(icon: string | null | undefined): string | null {
  for (const cls of (icon ?? '').trim().toLowerCase().split(/\s+/)) {
    if (cls.startsWith('fa-') && !STYLE_CLASSES.has(cls)) return cls.slice(3)
  }
  return null
}

/** A class string fit for an HTML class attribute (letters, digits, dashes, spaces), else null. */
export function safeIconClass(icon: string): string | null {
  const value = icon.trim()
  return /^[a-z0-9\- ]{1,100}$/i.test(value) ? value : null
}
