/* eslint-disable @next/next/no-html-link-for-pages -- these pages carry none of the framework's client code: every link is a plain one. */
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import type { BandProfile } from '@/modules/site/contract/types'
import { serializeJsonLd } from '@/lib/jsonLd'
import {
  artworkPath,
  formatReleaseDate,
  musicAlbum,
  priceText,
  releaseTypeLabel,
  type PublicRelease,
} from '@/modules/music/contract/publicPage'
import { dollars } from '@/lib/money'

import { ReleaseArtwork } from './components/ReleaseArtwork'
import { PageHead } from './head'
import { Island } from './islands/Island'
import { IslandsScripts } from './islands/IslandsScripts'
import type { IslandsManifest } from './manifest'
import { bandImage, bandNameOf, Shell } from './ShowsPages'

/*
 * The music pages: /music (every active release) and /music/{slug} (one release with its tracks
 * and player). Static HTML; the release page's track list is an island whose player loads on first
 * play, and before that each playable track has the browser's own audio controls. The Buy button
 * is an island too (the shop's cart); a free release's download form is a plain one.
 */

type Common = { siteUrl: string; profile: BandProfile | null }
export type MusicListProps = Common & { releases: PublicRelease[] }
export type ReleasePageProps = Common & { release: PublicRelease; islands: IslandsManifest | null }

const describeRelease = (r: PublicRelease) => `${releaseTypeLabel(r.type)} · ${formatReleaseDate(r.releaseDate)}`

/** /music: active releases, newest first. */
export function MusicListPage({ siteUrl, profile, releases }: MusicListProps) {
  const bandName = bandNameOf(profile)
  const image = bandImage(siteUrl, profile)
  return (
    <>
      <PageHead
        title={`Music · ${bandName}`}
        siteName={bandName}
        description={`${bandName}: albums, EPs and singles.`}
        url={`${siteUrl}/music`}
        image={image ? { url: image, alt: `${bandName} profile picture` } : null}
      />
      <Shell bandName={bandName}>
        <h1 className="font-heading text-3xl font-bold">Music</h1>
        {releases.length === 0 ? (
          <p className="text-muted-foreground">No releases yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Releases">
            {releases.map((release) => (
              <li
                key={release.id}
                className="flex items-center gap-4 rounded-md border border-border bg-foreground/5 p-4"
                data-testid="release"
              >
                <ReleaseArtwork release={release} size={96} />
                <div className="min-w-0 space-y-1">
                  <h2 className="font-heading text-lg font-bold leading-snug">
                    <a href={`/music/${release.slug}`} className="underline-offset-4 hover:underline">
                      {release.title}
                    </a>
                  </h2>
                  <p className="text-sm text-muted-foreground">{describeRelease(release)}</p>
                  <p className="text-sm font-semibold" data-testid="release-price">
                    {priceText(release.pricing)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Shell>
    </>
  )
}

/** Whether a release may be had for nothing: fixed at 0.00, or name-your-price from 0.00. */
const isFree = (pricing: PublicRelease['pricing']) =>
  pricing.mode === 'fixed' ? pricing.price === '0.00' : pricing.minimum === '0.00'

/** Whether a release is bought through the cart (anything but a fixed 0.00). */
const isBuyable = (pricing: PublicRelease['pricing']) => pricing.mode === 'nameYourPrice' || pricing.price !== '0.00'

/**
 * What a fan pays: the fixed price, or an amount of their own from the minimum up (the suggestion
 * filled in), with the Buy button; a free release also offers its download link by email.
 */
function PriceBlock({ release }: { release: PublicRelease }) {
  const { pricing } = release
  return (
    <div className="space-y-3">
      <p className={pricing.mode === 'fixed' ? 'text-xl font-bold' : 'font-semibold'} data-testid="release-price">
        {pricing.mode === 'fixed' ? dollars(pricing.price) : priceText(pricing)}
      </p>
      {isBuyable(pricing) && (
        <Island
          name="ReleaseBuy"
          props={{ releaseId: release.id, title: release.title, artworkUrl: release.artworkUrl, pricing }}
        />
      )}
      {isFree(pricing) && <FreeDownloadForm releaseId={release.id} />}
    </div>
  )
}

/** A free release's download link by email: a plain form (it works before the page's script). */
function FreeDownloadForm({ releaseId }: { releaseId: string }) {
  return (
    <form
      method="post"
      action={`/api/releases/${releaseId}/claim`}
      className="space-y-2"
      aria-labelledby="free-download-heading"
    >
      <h2 id="free-download-heading" className="font-semibold">
        Free download
      </h2>
      <label htmlFor="free-download-email" className="block text-sm font-medium">
        Your email
      </label>
      <input
        id="free-download-email"
        name="email"
        type="email"
        required
        autoComplete="email"
        className="h-10 w-full max-w-xs rounded-md border border-input bg-background px-3"
      />
      <div className="flex items-center gap-2">
        <input id="free-download-newsletter" name="newsletter" type="checkbox" className="size-4" />
        <label htmlFor="free-download-newsletter" className="text-sm">
          Join the newsletter
        </label>
      </div>
      <button
        type="submit"
        className="inline-flex h-10 items-center rounded-md border border-border px-4 text-sm font-semibold"
      >
        Email me the download link
      </button>
    </form>
  )
}

/** /music/{slug}: one release, its tracks and player, its price and its MusicAlbum data. */
export function ReleasePage({ siteUrl, profile, release, islands }: ReleasePageProps) {
  const bandName = bandNameOf(profile)
  const artwork = artworkPath(release)
  const image = artwork ? new URL(artwork, `${siteUrl}/`).href : bandImage(siteUrl, profile)
  const description = `${release.title} by ${bandName}: ${describeRelease(release)}.`
  return (
    <>
      <PageHead
        title={`${release.title} · ${bandName}`}
        siteName={bandName}
        description={release.description ? release.description.slice(0, 200) : description}
        url={`${siteUrl}/music/${release.slug}`}
        type="music.album"
        image={
          image ? { url: image, alt: artwork ? `Artwork of ${release.title}` : `${bandName} profile picture` } : null
        }
      />
      {islands && (release.tracks.length > 0 || isBuyable(release.pricing)) && <IslandsScripts islands={islands} />}
      <Shell bandName={bandName}>
        <p className="text-sm">
          <a href="/music" className="underline">
            All music
          </a>
        </p>
        <Card>
          <CardHeader className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <ReleaseArtwork release={release} size={240} priority />
            <div className="space-y-2">
              <p className="text-sm font-semibold text-muted-foreground">{describeRelease(release)}</p>
              <h1 className="font-heading text-3xl font-bold leading-tight">{release.title}</h1>
              <p className="text-muted-foreground">{bandName}</p>
              <PriceBlock release={release} />
            </div>
          </CardHeader>
          <CardContent className="space-y-4">
            {release.description && <p className="whitespace-pre-line">{release.description}</p>}
            <section aria-labelledby="tracks-heading" className="space-y-2">
              <h2 id="tracks-heading" className="font-heading text-xl font-bold">
                Tracks
              </h2>
              {release.tracks.length === 0 ? (
                <p className="text-muted-foreground">No tracks yet.</p>
              ) : (
                <Island name="MusicTracks" props={{ title: release.title, tracks: release.tracks }} />
              )}
            </section>
          </CardContent>
        </Card>
        {release.credits && (
          <Card>
            <CardHeader>
              <CardTitle>Credits</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-sm">{release.credits}</p>
            </CardContent>
          </Card>
        )}
      </Shell>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(musicAlbum(release, { siteUrl, bandName })) }}
      />
    </>
  )
}
