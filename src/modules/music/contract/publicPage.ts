import { dollars } from '@/lib/money'
import { objectImagePath } from '@/modules/site/contract/publicText'

import type { serializePublicRelease } from './serializers'
import type { serializePublicTrack } from './track'

/** A track as the public pages show it. */
export type PublicTrack = ReturnType<typeof serializePublicTrack>

/** An active release with its ready tracks, as the public pages show it. */
export type PublicRelease = ReturnType<typeof serializePublicRelease> & { tracks: PublicTrack[] }

/** A track's length as "m:ss" (3:20); an unknown length is an empty string. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return ''
  const whole = Math.max(0, Math.floor(seconds))
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`
}

/** A track's length as an ISO 8601 duration (PT3M20S), as schema.org reads it. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  const minutes = Math.floor(whole / 60)
  return `PT${minutes > 0 ? `${minutes}M` : ''}${whole % 60}S`
}

/** The calendar day the band announces ("YYYY-MM-DD") in words: "March 14, 2027". */
export function formatReleaseDate(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** How the release type reads on a page: "Album", "EP", "Single". */
export const releaseTypeLabel = (type: string) => (type === 'EP' ? 'EP' : type[0]!.toUpperCase() + type.slice(1))

/** The price in words: "$8.00", or "Name your price (min $5.00)". */
export function priceText(pricing: PublicRelease['pricing']): string {
  return pricing.mode === 'fixed' ? dollars(pricing.price) : `Name your price (min ${dollars(pricing.minimum)})`
}

/** The path of the release's stored artwork, or null. */
export const artworkPath = (release: Pick<PublicRelease, 'artworkUrl'>) => objectImagePath(release.artworkUrl)

/** schema.org `MusicAlbum` of a release: its tracks, the band and the offer (for name-your-price, the minimum). */
export function musicAlbum(release: PublicRelease, site: { siteUrl: string; bandName: string }) {
  const url = `${site.siteUrl}/music/${release.slug}`
  const artwork = artworkPath(release)
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicAlbum',
    name: release.title,
    url,
    byArtist: { '@type': 'MusicGroup', name: site.bandName, url: `${site.siteUrl}/` },
    datePublished: release.releaseDate,
    ...(artwork ? { image: new URL(artwork, `${site.siteUrl}/`).href } : {}),
    ...(release.description ? { description: release.description } : {}),
    albumReleaseType: `https://schema.org/${release.type === 'album' ? 'Album' : release.type === 'EP' ? 'EP' : 'Single'}Release`,
    numTracks: release.tracks.length,
    track: release.tracks.map((t) => ({
      '@type': 'MusicRecording',
      name: t.title,
      position: t.position,
      ...(t.durationSeconds != null ? { duration: isoDuration(t.durationSeconds) } : {}),
    })),
    offers: {
      '@type': 'Offer',
      price: release.pricing.mode === 'fixed' ? release.pricing.price : release.pricing.minimum,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url,
    },
  }
}
