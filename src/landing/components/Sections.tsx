import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/ui/card'
import { Island } from '../islands/Island'
import type { IslandProps } from '../islands/registry'
import { ShowItem } from './ShowItem'
import type { Show } from '@/modules/shows/contract/types'

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
