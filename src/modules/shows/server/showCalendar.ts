// No 'server-only' marker needed by the pages; the calendar routes alone use it.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'

import type { Show } from '@/modules/shows/contract/types'
import { showPageUrl, showPlace, showSpan } from '@/modules/shows/contract/showEvent'
import { SHOW_STATUS_LABELS, type ShowStatus } from '@/modules/shows/contract/showStatus'

const STATUS: Record<ShowStatus, ICalEventStatus> = {
  scheduled: ICalEventStatus.CONFIRMED,
  soldOut: ICalEventStatus.CONFIRMED,
  rescheduled: ICalEventStatus.CONFIRMED,
  movedOnline: ICalEventStatus.CONFIRMED,
  postponed: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
}

/** A show's UID: the record's id at the site's host, the same in the feed and in its own file. */
export const showUid = (siteUrl: string, show: Pick<Show, 'id'>) => `show-${show.id}@${new URL(siteUrl).host}`

/**
 * An RFC 5545 calendar of shows. Times are in UTC (a show whose time could not be read is an
 * all-day event on its day); each event has a stable UID, the show's change counter as SEQUENCE,
 * its last change as DTSTAMP and LAST-MODIFIED, STATUS (CANCELLED, TENTATIVE for a postponed show,
 * else CONFIRMED), the venue as LOCATION and the show page as URL.
 */
export function showsCalendar(
  shows: Show[],
  { siteUrl, bandName, name }: { siteUrl: string; bandName: string; name: string },
): string {
  const calendar = ical({
    name,
    prodId: { company: 'bandsite', product: 'shows', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    url: `${siteUrl}/shows`,
    ttl: 60 * 60,
  })
  for (const show of shows) {
    const { start, end, allDay } = showSpan(show)
    const label = SHOW_STATUS_LABELS[show.status]
    const page = showPageUrl(siteUrl, show)
    const notes = [
      label && `${label}.`,
      show.status === 'movedOnline' && show.streamUrl ? `Stream: ${show.streamUrl}` : null,
      show.status === 'soldOut' || !show.ticketUrl ? null : `Tickets: ${show.ticketUrl}`,
      show.description,
      page,
    ].filter(Boolean)
    calendar.createEvent({
      id: showUid(siteUrl, show),
      sequence: show.sequence,
      stamp: new Date(show.updatedAt),
      lastModified: new Date(show.updatedAt),
      created: new Date(show.createdAt),
      start,
      end,
      allDay,
      summary: `${bandName}: ${show.title}${label ? ` (${label})` : ''}`,
      description: notes.join('\n\n'),
      location: showPlace(show),
      url: page,
      status: STATUS[show.status],
    })
  }
  return calendar.toString()
}
