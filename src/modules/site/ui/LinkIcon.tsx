import type { IconDefinition } from '@fortawesome/fontawesome-common-types'
import { faLink } from '@fortawesome/free-solid-svg-icons/faLink'

import { FONT_AWESOME_CSS, iconName, safeIconClass } from '@/modules/site/contract/linkIcons'

import { ICON_SPRITE_URL, iconSymbols, PAGE_ICON_PREFIX, PRESET_ICONS } from './presetIcons'

/**
 * One preset icon, drawn from the sprite file, or from the page's own symbols (`inPage`, see
 * `PageIconSymbols`).
 */
function Svg({ definition, className, inPage }: { definition: IconDefinition; className?: string; inPage: boolean }) {
  const [width, height] = definition.icon
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      fill="currentColor"
    >
      <use href={`${inPage ? `#${PAGE_ICON_PREFIX}` : `${ICON_SPRITE_URL}#`}${definition.iconName}`} />
    </svg>
  )
}

/** The sprite's icon a link shows, or null when it shows a Font Awesome class of its own. */
function presetOf(icon: string | null): IconDefinition | null {
  const preset = PRESET_ICONS[iconName(icon) ?? '']
  if (preset || !icon) return preset ?? faLink
  return safeIconClass(icon) ? null : faLink
}

/**
 * A link's icon: a preset drawn from the sprite; any other Font Awesome class through the icon font's
 * stylesheet, which React hoists into <head> only on pages that show such an icon. With `inPage`,
 * the preset is drawn from the page's own symbols (`PageIconSymbols`), so the page's first paint
 * waits for no sprite file.
 */
export function LinkIcon({
  icon,
  className = 'size-5',
  inPage = false,
}: {
  icon: string | null
  className?: string
  inPage?: boolean
}) {
  const preset = presetOf(icon)
  if (preset) return <Svg definition={preset} className={className} inPage={inPage} />
  return (
    <>
      <link rel="stylesheet" href={FONT_AWESOME_CSS} precedence="default" />
      <i
        aria-hidden="true"
        className={`${safeIconClass(icon ?? '')} inline-flex items-center justify-center text-lg`}
      />
    </>
  )
}

/** The symbols of the preset icons these links show, hidden, for `LinkIcon`s drawn `inPage`. */
export function PageIconSymbols({ icons }: { icons: (string | null)[] }) {
  const definitions = icons.map(presetOf).filter((d): d is IconDefinition => d !== null)
  if (definitions.length === 0) return null
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="0"
      height="0"
      className="absolute"
      dangerouslySetInnerHTML={{ __html: iconSymbols(definitions, PAGE_ICON_PREFIX) }}
    />
  )
}
