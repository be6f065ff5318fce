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

/** The 20 preset icons (and their aliases), drawn from one SVG sprite: no icon font needed for them. */
export const PRESET_ICONS: Record<string, IconDefinition> = {
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

/** Every distinct preset icon once, as <symbol>s named by the icon's own name. */
export function iconSprite(): string {
  const seen = new Map<string, IconDefinition>()
  for (const definition of Object.values(PRESET_ICONS)) seen.set(definition.iconName, definition)
  const symbols = [...seen.values()].map(({ iconName, icon: [width, height, , , path] }) => {
    const paths = (Array.isArray(path) ? path : [path]).map((d) => `<path d="${d}"/>`).join('')
    return `<symbol id="${iconName}" viewBox="0 0 ${width} ${height}">${paths}</symbol>`
  })
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`
}

/** FNV-1a of a string (runs in the browser too: the dashboard draws these icons). */
function contentHash(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0).toString(36)
}

/** The sprite's address, versioned by its content so browsers may keep it for a year. */
export const ICON_SPRITE_URL = `/icons.svg?v=${contentHash(iconSprite())}`
