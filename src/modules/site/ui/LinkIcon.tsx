import type { IconDefinition } from '@fortawesome/fontawesome-common-types'
import { faLink } from '@fortawesome/free-solid-svg-icons/faLink'

import { FONT_AWESOME_CSS, iconName, safeIconClass } from '@/modules/site/contract/linkIcons'

import { ICON_SPRITE_URL, PRESET_ICONS } from './presetIcons'

/** One preset icon, drawn from the sprite (the page itself carries no path data). */
function Svg({ definition, className }: { definition: IconDefinition; className?: string }) {
  const [width, height] = definition.icon
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      fill="currentColor"
    >
      <use href={`${ICON_SPRITE_URL}#${definition.iconName}`} />
    </svg>
  )
}

/**
 * A link's icon: a preset drawn from the sprite; any other Font Awesome class through the icon font's
 * stylesheet, which React hoists into <head> only on pages that show such an icon.
 */
export function LinkIcon({ icon, className = 'size-5' }: { icon: string | null; className?: string }) {
  const preset = PRESET_ICONS[iconName(icon) ?? '']
  if (preset || !icon) return <Svg definition={preset ?? faLink} className={className} />
  const custom = safeIconClass(icon)
  if (!custom) return <Svg definition={faLink} className={className} />
  return (
    <>
      <link rel="stylesheet" href={FONT_AWESOME_CSS} precedence="default" />
      <i aria-hidden="true" className={`${custom} inline-flex items-center justify-center text-lg`} />
    </>
  )
}
