/* eslint-disable @next/next/no-html-link-for-pages -- these pages carry no client code: every link is a plain one. */
import { CalendarPlus, Clock, MapPin, Ticket } from 'lucide-react'

import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card'
import type { Show } from '@/modules/shows/contract/types'
import type { BandProfile } from '@/modules/site/contract/types'
import { serializeJsonLd } from '@/lib/jsonLd'
import { objectImagePath } from '@/modules/site/contract/publicText'
import { formatShowDate } from '@/platform/time/showDates'
import {
  googleCalendarUrl,
  showLocalTime,
  showMusicEvent,
  showPageUrl,
  showPlace,
} from '@/modules/shows/contract/showEvent'
import { SHOW_STATUS_LABELS } from '@/modules/shows/contract/showStatus'

import { PageHead } from './head'

/*
 * The shows' pages: /shows (upcoming, then past) and /shows/{slug}. Static HTML with no script at
 * all: everything on them is a plain link, so they work before and without JavaScript.
 */

type Common = { siteUrl: string; profile: BandProfile | null }
export type ShowsListProps = Common & { upcoming: Show[]; past: Show[] }
export type ShowPageProps = Common & { show: Show }

export const bandNameOf = (profile: BandProfile | null) => profile?.name || 'Band Name'

export function bandImage(siteUrl: string, profile: BandProfile | null) {
  const path = objectImagePath(profile?.profileImageUrl)
  return path ? new URL(path, `${siteUrl}/`).href : undefined
}

export function Shell({ bandName, children }: { bandName: string; children: React.ReactNode }) {
  return (
    <>
      <header className="border-b border-border bg-background/90">
        <div className="mx-auto flex h-14 max-w-3xl items-center px-4">
          <a href="/" className="truncate font-heading text-lg font-bold tracking-tight no-underline">
            {bandName}
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 pb-12 pt-8">
        {children}
      </main>
    </>
  )
}

function StatusLabel({ show }: { show: Show }) {
  const label = SHOW_STATUS_LABELS[show.status]
  if (!label) return null
  const off = show.status === 'cancelled' || show.status === 'postponed'
  return (
    <span
      data-testid="show-status"
      className={
        'rounded-full border px-2 py-0.5 text-xs font-semibold uppercase tracking-wide ' +
        (off ? 'border-destructive text-destructive' : 'border-border text-foreground')
      }
    >
      {label}
    </span>
  )
}

function ShowRow({ show }: { show: Show }) {
  const time = showLocalTime(show)
  return (
    <li className="rounded-md border border-border bg-foreground/5 p-4">
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        <span data-testid="show-date">{formatShowDate(show.date, true)}</span>
        {time && <span className="text-muted-foreground">{time}</span>}
        <StatusLabel show={show} />
      </p>
      <h3 className="font-heading text-lg font-bold leading-snug">
        <a href={`/shows/${show.slug}`} className="underline-offset-4 hover:underline">
          {show.title}
        </a>
      </h3>
      <p className="text-sm text-muted-foreground">{showPlace(show)}</p>
    </li>
  )
}

/** /shows: upcoming shows soonest first, then past ones newest first, and the calendar feed. */
export function ShowsListPage({ siteUrl, profile, upcoming, past }: ShowsListProps) {
  const bandName = bandNameOf(profile)
  const image = bandImage(siteUrl, profile)
  const feed = `${siteUrl}/shows.ics`
  const events = upcoming.map((show) => showMusicEvent(show, { siteUrl, bandName, image }))
  return (
    <>
      <PageHead
        title={`Shows · ${bandName}`}
        siteName={bandName}
        description={`${bandName}: upcoming shows and past shows.`}
        url={`${siteUrl}/shows`}
        image={image ? { url: image, alt: `${bandName} profile picture` } : null}
      />
      <Shell bandName={bandName}>
        <h1 className="font-heading text-3xl font-bold">Shows</h1>
        <p className="text-sm">
          <a
            href={feed.replace(/^https?:/, 'webcal:')}
            className="inline-flex items-center gap-2 font-semibold underline"
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Subscribe to the calendar
          </a>{' '}
          <span className="text-muted-foreground">
            (or{' '}
            <a href="/shows.ics" className="underline">
              download it
            </a>
            )
          </span>
        </p>
        <Card>
          <CardHeader>
            <CardTitle>Upcoming Shows</CardTitle>
          </CardHeader>
          <CardContent>
            {upcoming.length === 0 ? (
              <p className="text-muted-foreground">No upcoming shows yet.</p>
            ) : (
              <ul className="space-y-3" aria-label="Upcoming shows">
                {upcoming.map((show) => (
                  <ShowRow key={show.id} show={show} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        {past.length > 0 && (
          <Card>
            <CardHeader>
              <CardTitle>Past Shows</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3" aria-label="Past shows">
                {past.map((show) => (
                  <ShowRow key={show.id} show={show} />
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </Shell>
      {events.map((data, i) => (
        <script
          key={i}
          type="application/ld+json"
          dangerouslySetInnerHTML={{ __html: serializeJsonLd({ '@context': 'https://schema.org', ...data }) }}
        />
      ))}
    </>
  )
}

/** The page's description: the state, the band, the place and the day, then the show's own text, at most 200 characters. */
function showDescription(show: Show, bandName: string) {
  const label = SHOW_STATUS_LABELS[show.status]
  const time = showLocalTime(show)
  const date = formatShowDate(show.date, true)
  const description =
    `${label ? `${label}: ` : ''}${bandName} at ${showPlace(show)} on ${date}${time ? `, ${time}` : ''}.` +
    (show.description ? ` ${show.description}` : '')
  return description.length > 200 ? `${description.slice(0, 199).trimEnd()}…` : description
}

/** "Sold Out" for a sold-out show; otherwise the ticket link, unless the show is cancelled or postponed. */
function ShowTickets({ show }: { show: Show }) {
  const off = show.status === 'cancelled' || show.status === 'postponed'
  return show.status === 'soldOut' ? (
    <p
      className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 font-semibold"
      data-testid="sold-out"
    >
      <Ticket aria-hidden="true" className="size-4" />
      Sold Out
    </p>
  ) : (
    show.ticketUrl && !off && (
      <p>
        <a
          href={show.ticketUrl}
          rel="noopener noreferrer"
          className="inline-flex items-center gap-2 rounded-md bg-primary px-3 py-2 font-semibold text-primary-foreground no-underline hover:bg-primary/90"
        >
          <Ticket aria-hidden="true" className="size-4" />
          Get tickets
        </a>
      </p>
    )
  )
}

/** "Add to calendar" links (.ics download and Google Calendar); a cancelled show has none. */
function AddToCalendar({ show, siteUrl, bandName }: { show: Show; siteUrl: string; bandName: string }) {
  if (show.status === 'cancelled') return null
  return (
    <div className="flex flex-wrap gap-4 pt-2 text-sm">
      <span className="font-semibold">Add to calendar:</span>
      <a href={`/shows/${show.slug}/event.ics`} download className="underline">
        Download (.ics)
      </a>
      <a href={googleCalendarUrl(show, { siteUrl, bandName })} rel="noopener noreferrer" className="underline">
        Google Calendar
      </a>
    </div>
  )
}

/** The show's card: date and state, title, time, place, changes, description, stream, tickets, calendar. */
function ShowCard({ show, siteUrl, bandName }: { show: Show; siteUrl: string; bandName: string }) {
  const time = showLocalTime(show)
  return (
    <Card>
      <CardHeader>
        <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
          <span data-testid="show-date">{formatShowDate(show.date, true)}</span>
          <StatusLabel show={show} />
        </p>
        <h1 className="font-heading text-3xl font-bold leading-tight">{show.title}</h1>
      </CardHeader>
      <CardContent className="space-y-3">
        {time && (
          <p className="flex items-center gap-2" data-testid="show-time">
            <Clock aria-hidden="true" className="size-4" />
            {time}
          </p>
        )}
        <p className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4" />
          {showPlace(show)}
        </p>
        {show.status === 'rescheduled' && show.previousDate && (
          <p>Moved from {formatShowDate(show.previousDate, true)}</p>
        )}
        {show.description && <p className="whitespace-pre-line text-muted-foreground">{show.description}</p>}
        {show.status === 'movedOnline' && show.streamUrl && (
          <p>
            <a href={show.streamUrl} rel="noopener noreferrer" className="font-semibold underline">
              Watch the stream
            </a>
          </p>
        )}
        <ShowTickets show={show} />
        <AddToCalendar show={show} siteUrl={siteUrl} bandName={bandName} />
      </CardContent>
    </Card>
  )
}

/** /shows/{slug}: one show, its state, tickets, and "Add to calendar". */
export function ShowDetailPage({ siteUrl, profile, show }: ShowPageProps) {
  const bandName = bandNameOf(profile)
  const image = bandImage(siteUrl, profile)
  const event = showMusicEvent(show, { siteUrl, bandName, image })
  return (
    <>
      <PageHead
        title={`${show.title} · ${bandName}`}
        siteName={bandName}
        description={showDescription(show, bandName)}
        url={showPageUrl(siteUrl, show)}
        type="website"
        image={image ? { url: image, alt: `${bandName} profile picture` } : null}
      />
      <Shell bandName={bandName}>
        <p className="text-sm">
          <a href="/shows" className="underline">
            All shows
          </a>
        </p>
        <ShowCard show={show} siteUrl={siteUrl} bandName={bandName} />
      </Shell>
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: serializeJsonLd({ '@context': 'https://schema.org', ...event }) }}
      />
    </>
  )
}
