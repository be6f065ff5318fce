import { z } from 'zod'

import { BACKGROUND_STYLES, BODY_FONTS, BORDER_RADII, HEADER_FONTS } from './themeValues'
import { COLOUR_MESSAGE, isCssColour } from '@/lib/color'
import { isEmailList, SAFE_CSS_VALUE } from '@/lib/validators'

import { imagePath, loadedVersion, optionalText } from '@/lib/schemas/fields'

const colour = z
  .string({ error: COLOUR_MESSAGE })
  .trim()
  .refine((v) => isCssColour(v), COLOUR_MESSAGE)

const cssValue = z
  .string({ error: 'Use a CSS position such as center or 50% 20%' })
  .trim()
  .regex(SAFE_CSS_VALUE, 'Use a CSS position such as center or 50% 20%')

const radii = BORDER_RADII.map((r) => r.value) as [string, ...string[]]

export const themeSchema = z.object({
  id: z.string().optional(),
  backgroundColor: colour,
  foregroundColor: colour,
  primaryColor: colour,
  accentColor: colour,
  cardColor: colour,
  backgroundImage: imagePath,
  backgroundStyle: z.enum(BACKGROUND_STYLES, { error: 'Choose cover, contain, repeat or no-repeat' }),
  backgroundPosition: cssValue,
  fontFamily: z.enum(BODY_FONTS, { error: 'Choose Inter, Georgia, Roboto or Arial' }),
  headerFontFamily: z.enum(HEADER_FONTS, { error: 'Choose Inter, Georgia, Roboto, Arial or Oswald' }),
  borderRadius: z.enum(radii, { error: 'Choose one of the border radius options' }),
  cardOpacity: z.coerce
    .number({ error: 'Card opacity is a number from 0 to 1' })
    .min(0, 'Card opacity is a number from 0 to 1')
    .max(1, 'Card opacity is a number from 0 to 1'),
  customCss: optionalText(20000),
  notificationEmail: optionalText(2000).refine((v) => isEmailList(v), 'Enter email addresses separated by commas'),
})

export const themeUpdateSchema = themeSchema.partial().extend({ updatedAt: loadedVersion })
