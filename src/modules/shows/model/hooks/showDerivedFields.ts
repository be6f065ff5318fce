import type { CollectionBeforeChangeHook } from 'payload'

import { showSlugBase } from '@/modules/shows/contract/showSlug'
import { uniqueSlug } from '@/platform/db/uniqueSlug'
import { showStartsAt } from '@/platform/time/showTime'

import { bandTimeZone } from './bandTimeZone'

type ShowData = {
  title?: string
  date?: string
  time?: string | null
  timeZone?: string | null
  status?: string | null
  previousDate?: string | null
  slug?: string | null
  startsAt?: string | null
  sequence?: number | null
}

/**
 * Whichever way a show is written (the team API, /cms, the REST API, a content import):
 * - its time zone is its own, or none (stored as null): then it follows the band's (the band
 *   profile's, else SITE_TIME_ZONE, else UTC), also when the band's changes later;
 * - `startsAt` is derived from its day, free-text time and that time zone (null when no time can be read);
 * - a show becoming rescheduled to another day keeps its former day as `previousDate` unless one is given;
 * - `slug` is made once, from the title and the day, unique, and kept afterwards;
 * - `sequence` (the calendar feed's SEQUENCE) rises by one on every change.
 */
export const showDerivedFields: CollectionBeforeChangeHook = async ({ data, originalDoc, operation, req, context }) => {
  const show = data as ShowData
  const before = (originalDoc ?? {}) as ShowData
  if (show.timeZone !== undefined) show.timeZone = show.timeZone?.trim() || null
  const merged = { ...before, ...show }

  const timeZone = merged.timeZone || (await bandTimeZone(req, context))
  show.startsAt = merged.date ? showStartsAt(merged.date, merged.time, timeZone) : null

  if (
    operation === 'update' &&
    merged.status === 'rescheduled' &&
    !show.previousDate &&
    !before.previousDate &&
    before.date &&
    show.date &&
    new Date(before.date).getTime() !== new Date(show.date).getTime()
  )
    show.previousDate = before.date

  if (operation === 'update' && before.slug) show.slug = before.slug
  else if (!show.slug && merged.title && merged.date) {
    show.slug = await uniqueSlug(req, 'shows', showSlugBase(merged.title, merged.date))
  }

  show.sequence = operation === 'update' ? (before.sequence ?? 0) + 1 : 0
  return show
}
