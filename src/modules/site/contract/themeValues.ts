/** Theme choices and defaults of the product specification (shared by forms, server and seed). */

export const THEME_DEFAULTS = {
  backgroundColor: 'hsl(247,47%,9%)',
  foregroundColor: 'hsl(210,40%,98%)',
  primaryColor: 'hsl(262,83%,58%)',
  accentColor: 'hsl(217,91%,60%)',
  cardColor: 'hsl(247,39%,14%)',
  backgroundImage: null,
  backgroundStyle: 'cover',
  backgroundPosition: 'center',
  fontFamily: 'Inter',
  headerFontFamily: 'Inter',
  borderRadius: '0.75rem',
  cardOpacity: 1,
  customCss: null,
  notificationEmail: null,
} as const

export const BACKGROUND_STYLES = ['cover', 'contain', 'repeat', 'no-repeat'] as const

export const BORDER_RADII = [
  { value: '0', label: 'None' },
  { value: '0.375rem', label: 'Small' },
  { value: '0.5rem', label: 'Medium' },
  { value: '0.75rem', label: 'Large' },
  { value: '1rem', label: 'Extra Large' },
] as const

export const BODY_FONTS = ['Inter', 'Georgia', 'Roboto', 'Arial'] as const
export const HEADER_FONTS = [...BODY_FONTS, 'Oswald'] as const
