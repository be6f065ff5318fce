import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Island } from '../islands/Island'
import type { IslandProps } from '../islands/registry'
import { ShowItem } from './ShowItem'
import type { Show } from '@/modules/shows/contract/types'
import { formatReleaseDate, priceText, releaseTypeLabel, type PublicRelease } from '@/modules/music/contract/publicPage'
import { ReleaseArtwork } from './ReleaseArtwork'

export function BioCard({ bio }: { bio: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>About</CardTitle>
      </CardHeader>
      <CardContent>
        <Island name="Bio" props={{ bio }} />
      </CardContent>
    </Card>
  )
}

/** The latest release with a track to play: shown only when there is one. */
export function MusicCard({ release }: { release: PublicRelease }) {
  return (
    <Card id="music">
      <CardHeader>
        <CardTitle id="music-heading">Music</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex items-center gap-4">
          <ReleaseArtwork release={release} size={96} />
          <div className="min-w-0 space-y-1">
            <h3 className="font-heading text-lg font-bold leading-snug">
              {/* A plain link: next/link would add the framework's client code to this page. */}
              <a href={`/music/${release.slug}`} className="underline-offset-4 hover:underline">
                {release.title}
              </a>
            </h3>
            <p className="text-sm text-muted-foreground">
              {`${releaseTypeLabel(release.type)} · ${formatReleaseDate(release.releaseDate)}`}
            </p>
            <p className="text-sm font-semibold">{priceText(release.pricing)}</p>
          </div>
        </div>
        <Island name="MusicTracks" props={{ title: release.title, tracks: release.tracks }} />
        <p className="text-sm">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/music" className="font-semibold underline">
            All music
          </a>
        </p>
      </CardContent>
    </Card>
  )
}

/** Shown only when there are upcoming shows. */
export function ShowsCard({ shows }: { shows: Show[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id="shows-heading">Upcoming Shows</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-labelledby="shows-heading" className="grid gap-2">
          {shows.map((show) => (
            <ShowItem key={show.id} show={show} />
          ))}
        </ul>
        <p className="mt-4 text-sm">
          {/* A plain link: next/link would add the framework's client code to this page. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/shows" className="font-semibold underline">
            All shows and past shows
          </a>
        </p>
      </CardContent>
    </Card>
  )
}

export function MerchCard({ products }: IslandProps<'Merch'>) {
  return (
    <Card id="merch">
      <CardHeader>
        <CardTitle id="merch-heading">Featured Merch</CardTitle>
      </CardHeader>
      <CardContent>
        {products.length === 0 ? (
          <p className="text-muted-foreground">No featured products available yet.</p>
        ) : (
          <Island name="Merch" props={{ products }} />
        )}
      </CardContent>
    </Card>
  )
}

export function NewsletterCard() {
  return (
    <Card id="newsletter">
      <CardHeader>
        <CardTitle>Stay Updated</CardTitle>
        <CardDescription>Get news about shows, releases and merch in your inbox.</CardDescription>
      </CardHeader>
      <CardContent>
        <Island name="Newsletter" props={{}} />
      </CardContent>
    </Card>
  )
}

export function SiteFooter({ bandName }: { bandName: string }) {
  return (
    <footer className="border-t border-border bg-background/90 py-8 text-sm">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-3 px-4 text-center">
        <nav aria-label="Legal">
          <ul className="flex gap-6">
            <li>
              {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
              <a href="/privacy" className="underline-offset-4 hover:underline">
                Privacy
              </a>
            </li>
            <li>
              <a href="#" className="underline-offset-4 hover:underline">
                Terms
              </a>
            </li>
            <li>
              <a href="#" className="underline-offset-4 hover:underline">
                Contact
              </a>
            </li>
          </ul>
        </nav>
        <p className="text-muted-foreground">© 2024 {bandName}. All rights reserved.</p>
      </div>
    </footer>
  )
}
