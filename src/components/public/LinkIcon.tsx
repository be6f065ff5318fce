import type { IconDefinition } from '@fortawesome/fontawesome-common-types'
import { faApple } from '@fortawesome/free-brands-svg-icons/faApple'
import { faBandcamp } from '@fortawesome/free-brands-svg-icons/faBandcamp'
import { faFacebook } from '@fortawesome/free-brands-svg-icons/faFacebook'
import { faInstagram } from '@fortawesome/free-brands-svg-icons/faInstagram'
import { faSoundcloud } from '@fortawesome/free-brands-svg-icons/faSoundcloud'
import { faSpotify } from '@fortawesome/free-brands-svg-icons/faSpotify'
import { faTiktok } from '@fortawesome/free-brands-svg-icons/faTiktok'
import { faXTwitter } from '@fortawesome/free-brands-svg-icons/faXTwitter'
import { faYoutube } from '@fortawesome/free-brands-svg-icons/faYoutube'
import { faArrowUpRightFromSquare } from '@fortawesome/free-solid-svg-icons/faArrowUpRightFromSquare'
import { faEnvelope } from '@fortawesome/free-solid-svg-icons/faEnvelope'
import { faGlobe } from '@fortawesome/free-solid-svg-icons/faGlobe'
import { faGuitar } from '@fortawesome/free-solid-svg-icons/faGuitar'
import { faHeadphones } from '@fortawesome/free-solid-svg-icons/faHeadphones'
import { faHeart } from '@fortawesome/free-solid-svg-icons/faHeart'
import { faLink } from '@fortawesome/free-solid-svg-icons/faLink'
import { faMicrophone } from '@fortawesome/free-solid-svg-icons/faMicrophone'
import { faMusic } from '@fortawesome/free-solid-svg-icons/faMusic'
import { faPlay } from '@fortawesome/free-solid-svg-icons/faPlay'
import { faStar } from '@fortawesome/free-solid-svg-icons/faStar'

import { FONT_AWESOME_CSS, iconName, safeIconClass } from '@/lib/linkIcons'

/** The 20 preset icons, drawn as inline SVG (no icon font needed for them). */
const PRESET_ICONS: Record<string, IconDefinition> = {
  instagram: faInstagram,
  spotify: faSpotify,
  youtube: faYoutube,
  tiktok: faTiktok,
  'x-twitter': faXTwitter,
  twitter: faXTwitter,
  facebook: faFacebook,
  soundcloud: faSoundcloud,
  bandcamp: faBandcamp,
  apple: faApple,
  globe: faGlobe,
  envelope: faEnvelope,
  music: faMusic,
  microphone: faMicrophone,
  guitar: faGuitar,
  headphones: faHeadphones,
  heart: faHeart,
  star: faStar,
  link: faLink,
  'arrow-up-right-from-square': faArrowUpRightFromSquare,
  'external-link': faArrowUpRightFromSquare,
  play: faPlay,
}

function Svg({ definition, className }: { definition: IconDefinition; className?: string }) {
  const [width, height, , , path] = definition.icon
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${width} ${height}`}
      className={className}
      fill="currentColor"
    >
      {(Array.isArray(path) ? path : [path]).map((d, i) => (
        <path key={i} d={d} />
      ))}
    </svg>
  )
}

/**
 * A link's icon: a preset as inline SVG; any other Font Awesome class through the icon font's
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
