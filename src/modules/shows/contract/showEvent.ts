import type { Show } from '@/modules/shows/contract/types'
import { SHOW_EVENT_STATUS } from './showStatus'
import {
  FALLBACK_TIME_ZONE,
  formatLocalTime,
  localIsoWithOffset,
  showDay,
  showStartsAt,
} from '@/platform/time/showTime'

/** How long a show is taken to last where an end is needed (calendar entries). */
export const SHOW_HOURS = 3

/** The show's page, absolute. */
export const showPageUrl = (siteUrl: string, show: Pick<Show, 'slug' | 'id'>) =>
  `${siteUrl}/shows/${encodeURIComponent(show.slug ?? show.id)}`

/** The zone a show's start is read in: its own, else the band's. */
export const showTimeZone = (show: Pick<Show, 'effectiveTimeZone'>) => show.effectiveTimeZone || FALLBACK_TIME_ZONE

/** Where the show is: "Doug Fir Lounge, Portland, OR". */
export const showPlace = (show: Pick<Show, 'venue' | 'city' | 'state'>) =>
  [show.venue, show.city, show.state].filter(Boolean).join(', ')

/**
 * The start for schema.org: local time with its UTC offset ("2026-12-07T19:00:00-08:00"), or the
 * day alone when the time could not be read.
 */
export function showStartDate(show: Pick<Show, 'date' | 'startsAt' | 'effectiveTimeZone'>): string {
  return show.startsAt ? localIsoWithOffset(show.startsAt, showTimeZone(show)) : showDay(show.date)
}

/** The start a rescheduled show had: its previous day at the same time, when that can be read. */
export function showPreviousStartDate(show: Pick<Show, 'previousDate' | 'time' | 'effectiveTimeZone'>): string | null {
  if (!show.previousDate) return null
  const startsAt = showStartsAt(show.previousDate, show.time, showTimeZone(show))
  return startsAt ? localIsoWithOffset(startsAt, showTimeZone(show)) : showDay(show.previousDate)
}

/** "7:00 PM PST" in the show's time zone (its own, else the band's), or the free text when no time could be read. */
export function showLocalTime(show: Pick<Show, 'startsAt' | 'effectiveTimeZone' | 'time'>): string | null {
  return show.startsAt ? formatLocalTime(show.startsAt, showTimeZone(show)) : show.time
}

type EventContext = {
  siteUrl: string
  bandName: string
  /** The band's image, absolute, when it has one. */
  image?: string
}

/**
 * A show as a schema.org MusicEvent with what Google's event results require or recommend: name,
 * startDate (local time with offset), eventStatus (and previousStartDate when rescheduled),
 * eventAttendanceMode, location (a Place with its PostalAddress, or the stream's VirtualLocation
 * when moved online), offers (availability InStock or SoldOut), performer, organizer, description,
 * image and url. The end is left out: it is not known.
 */
export function showMusicEvent(show: Show, { siteUrl, bandName, image }: EventContext): Record<string, unknown> {
  const home = `${siteUrl}/`
  const page = showPageUrl(siteUrl, show)
  const online = show.status === 'movedOnline'
  const place = {
    '@type': 'Place',
    name: show.venue,
    address: {
      '@type': 'PostalAddress',
      ...(show.city ? { addressLocality: show.city } : {}),
      ...(show.state ? { addressRegion: show.state } : {}),
    },
  }
  const previous = show.status === 'rescheduled' ? showPreviousStartDate(show) : null
  const band = { '@type': 'MusicGroup', '@id': `${home}#band`, name: bandName, url: home }
  return {
    '@type': 'MusicEvent',
    '@id': `${page}#event`,
    name: show.title,
    url: page,
    startDate: showStartDate(show),
    ...(previous ? { previousStartDate: previous } : {}),
    eventStatus: SHOW_EVENT_STATUS[show.status],
    eventAttendanceMode: online
      ? 'https://schema.org/OnlineEventAttendanceMode'
      : 'https://schema.org/OfflineEventAttendanceMode',
    location: online && show.streamUrl ? { '@type': 'VirtualLocation', url: show.streamUrl } : place,
    description: show.description || `${bandName} live at ${showPlace(show)}.`,
    ...(image ? { image: [image] } : {}),
    offers: {
      '@type': 'Offer',
      url: show.ticketUrl && /^https?:/i.test(show.ticketUrl) ? show.ticketUrl : page,
      availability: show.status === 'soldOut' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
    },
    performer: band,
    organizer: band,
  }
}

const compactUtc = (instant: Date) =>
  instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

/** The show's start and end: timed (UTC) when its time was read, else its whole day. */
export function showSpan(show: Pick<Show, 'date' | 'startsAt'>): { start: Date; end: Date; allDay: boolean } {
  if (show.startsAt) {
    const start = new Date(show.startsAt)
    return { start, end: new Date(start.getTime() + SHOW_HOURS * 3_600_000), allDay: false }
  }
  const start = new Date(`${showDay(show.date)}T00:00:00.000Z`)
  return { start, end: new Date(start.getTime() + 86_400_000), allDay: true }
}

/** A link that opens Google Calendar with the show filled in. */
export function googleCalendarUrl(show: Show, { siteUrl, bandName }: { siteUrl: string; bandName: string }): string {
  const { start, end, allDay } = showSpan(show)
  const dates = allDay
    ? `${showDay(start).replace(/-/g, '')}/${showDay(end).replace(/-/g, '')}`
    : `${compactUtc(start)}/${compactUtc(end)}`
  const details = [show.description, showPageUrl(siteUrl, show)].filter(Boolean).join('\n\n')
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `${bandName}: ${show.title}`,
    dates,
    details,
    location: showPlace(show),
    ctz: showTimeZone(show),
  })
  return `https://calendar.google.com/calendar/render?${params.toString()}`
}
