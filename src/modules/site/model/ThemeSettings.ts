import type { GlobalConfig, TextField } from 'payload'

import { anyone } from '@/platform/access/anyone'
import { fieldOwner } from '@/platform/access/fieldOwner'
import { fieldTeamMember } from '@/platform/access/fieldTeamMember'
import { isOwnerOrManager } from '@/platform/access/isOwnerOrManager'
import { CACHE_TAGS } from '@/platform/cache/cacheTags'
import {
  BACKGROUND_STYLES,
  BODY_FONTS,
  BORDER_RADII,
  HEADER_FONTS,
  THEME_DEFAULTS,
} from '@/modules/site/contract/themeValues'
import { COLOUR_MESSAGE, isCssColour } from '@/lib/color'
import { isEmailList, SAFE_CSS_VALUE } from '@/lib/validators'
import { revalidateGlobal } from '@/platform/cache/revalidateTags'
import { imagePathField } from '@/platform/db/fields'

/** A theme colour: the team API's schema and this check (for /cms and Payload's REST API) agree. */
const colour = (name: keyof typeof THEME_DEFAULTS, label: string): TextField => ({
  name,
  label,
  type: 'text',
  required: true,
  defaultValue: THEME_DEFAULTS[name] as string,
  validate: (value: string | null | undefined) => (isCssColour(value) ? true : COLOUR_MESSAGE),
})

const options = (values: readonly string[]) => values.map((value) => ({ label: value, value }))

export const ThemeSettings: GlobalConfig = {
  slug: 'theme-settings',
  access: { read: anyone, update: isOwnerOrManager },
  fields: [
    colour('backgroundColor', 'Background colour'),
    colour('foregroundColor', 'Text colour'),
    colour('primaryColor', 'Primary colour'),
    colour('accentColor', 'Accent colour'),
    colour('cardColor', 'Card colour'),
    imagePathField('backgroundImage'),
    {
      name: 'backgroundStyle',
      type: 'select',
      required: true,
      defaultValue: THEME_DEFAULTS.backgroundStyle,
      options: options(BACKGROUND_STYLES),
    },
    {
      name: 'backgroundPosition',
      type: 'text',
      required: true,
      defaultValue: THEME_DEFAULTS.backgroundPosition,
      validate: (value: string | null | undefined) =>
        value && SAFE_CSS_VALUE.test(value) ? true : 'Use a CSS position such as center or 50% 20%.',
    },
    {
      name: 'fontFamily',
      type: 'select',
      required: true,
      defaultValue: THEME_DEFAULTS.fontFamily,
      options: options(BODY_FONTS),
    },
    {
      name: 'headerFontFamily',
      type: 'select',
      required: true,
      defaultValue: THEME_DEFAULTS.headerFontFamily,
      options: options(HEADER_FONTS),
    },
    {
      name: 'borderRadius',
      type: 'select',
      required: true,
      defaultValue: THEME_DEFAULTS.borderRadius,
      options: BORDER_RADII.map((r) => ({ label: r.label, value: r.value })),
    },
    { name: 'cardOpacity', type: 'number', required: true, defaultValue: THEME_DEFAULTS.cardOpacity, min: 0, max: 1 },
    {
      name: 'customCss',
      type: 'textarea',
      maxLength: 20000,
      access: { create: fieldOwner, update: fieldOwner },
    },
    {
      name: 'notificationEmail',
      type: 'text',
      maxLength: 2000,
      admin: { description: 'Comma-separated addresses notified of new orders and subscribers.' },
      validate: (value: string | null | undefined) =>
        isEmailList(value) ? true : 'Enter email addresses separated by commas.',
      access: { read: fieldTeamMember, create: fieldOwner, update: fieldOwner },
    },
  ],
  hooks: { afterChange: [revalidateGlobal(CACHE_TAGS.themeSettings)] },
}
