import type { Show } from '@/payload-types'
import type { ShowStatus } from './showStatus'
import { FALLBACK_TIME_ZONE } from '@/platform/time/showTime'

/** Plain JSON shapes of the specification (money as "0.00" strings, relations as ids). */

export const serializeShow = (s: Show) => ({
  id: s.id,
  title: s.title,
  venue: s.venue,
  date: s.date,
  time: s.time ?? null,
  /** Its own time zone; null: it follows the band's. */
  timeZone: s.timeZone || null,
  /** The zone its start is read in: its own, else the band's. */
  effectiveTimeZone: s.effectiveTimeZone || s.timeZone || FALLBACK_TIME_ZONE,
  startsAt: s.startsAt ?? null,
  status: (s.status ?? 'scheduled') as ShowStatus,
  previousDate: s.previousDate ?? null,
  streamUrl: s.streamUrl ?? null,
  slug: s.slug ?? null,
  /** How many times it changed (the calendar's SEQUENCE). */
  sequence: s.sequence ?? 0,
  ticketUrl: s.ticketUrl ?? null,
  description: s.description ?? null,
  city: s.city ?? null,
  state: s.state ?? null,
  country: s.country ?? null,
  isActive: s.isActive,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
})
