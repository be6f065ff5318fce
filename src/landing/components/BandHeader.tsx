import { getImageProps } from 'next/image'

import { objectImagePath } from '@/modules/site/contract/publicText'

import type { BandProfile } from '@/modules/site/contract/types'

/** The band profile: picture, name, genre and location. */
export function BandHeader({ profile, bandName }: { profile: BandProfile | null; bandName: string }) {
  const image = objectImagePath(profile?.profileImageUrl)
  const details = [profile?.genre, profile?.location].filter(Boolean).join(' • ')
  return (
    <section aria-labelledby="band-name" className="flex flex-col items-center gap-4 pt-4 text-center">
      {image ? (
        // A plain <img> with the optimiser's srcset: no image component code in the browser.
        // eslint-disable-next-line @next/next/no-img-element, jsx-a11y/alt-text
        <img
          {...getImageProps({
            src: image,
            alt: `${bandName} profile picture`,
            width: 128,
            height: 128,
            sizes: '128px',
            priority: true,
          }).props}
          className="size-32 rounded-full border-4 border-primary object-cover"
        />
      ) : (
        <div
          aria-hidden="true"
          className="flex size-32 items-center justify-center rounded-full border-4 border-primary bg-card-solid font-heading text-4xl font-bold"
        >
          {initials(bandName)}
        </div>
      )}
      <div>
        <h1 id="band-name" className="font-heading text-3xl font-bold tracking-tight sm:text-4xl">
          {bandName}
        </h1>
        {details && <p className="mt-1 text-muted-foreground">{details}</p>}
      </div>
    </section>
  )
}

function initials(name: string): string {
  const words = name
    .replace(/^the\s+/i, '')
    .split(/\s+/)
    .filter(Boolean)
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? '?').slice(0, 2)).toUpperCase()
}
