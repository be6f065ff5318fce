import { getImageProps } from 'next/image'

import { artworkPath, type PublicRelease } from '@/modules/music/contract/publicPage'

/** A release's artwork, resized by the optimiser, as a plain <img>; a square placeholder without one. */
export function ReleaseArtwork({
  release,
  size,
  priority = false,
}: {
  release: PublicRelease
  size: number
  priority?: boolean
}) {
  const src = artworkPath(release)
  if (!src)
    return (
      <div
        aria-hidden="true"
        style={{ width: size, height: size }}
        className="shrink-0 rounded-md border border-border bg-foreground/10"
      />
    )
  return (
    // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text
    <img
      {...getImageProps({
        src,
        alt: `Artwork of ${release.title}`,
        width: size,
        height: size,
        sizes: `${size}px`,
        priority,
      }).props}
      className="shrink-0 rounded-md border border-border object-cover"
    />
  )
}
