import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook } from 'payload'

import { formatShowDate } from '@/lib/showDates'

import { query } from '../transaction'

type ShowDoc = {
  id: string | number
  title?: string | null
  venue?: string | null
  date?: string | null
  time?: string | null
  city?: string | null
  state?: string | null
  ticketUrl?: string | null
  description?: string | null
  isActive?: boolean | null
}

const present = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null)

/** The announcement of a show in Markdown: title, date in en-US, venue, city and the ticket link. */
export function showAnnouncement(show: ShowDoc): { subject: string; body: string } {
  const title = present(show.title) ?? 'New show'
  const place = [present(show.city), present(show.state)].filter(Boolean).join(', ')
  const date = show.date ? formatShowDate(show.date, true) : ''
  const lines = [
    `We just announced a new show: **${title}**.`,
    '',
    `- **Date:** ${date}${present(show.time) ? `, ${present(show.time)}` : ''}`,
    `- **Venue:** ${present(show.venue) ?? ''}`,
    ...(place ? [`- **City:** ${place}`] : []),
    ...(present(show.ticketUrl) ? [`- **Tickets:** ${present(show.ticketUrl)}`] : []),
    ...(present(show.description) ? ['', present(show.description)!] : []),
    '',
    'Hope to see you there!',
  ]
  return { subject: `New show: ${title}`, body: lines.join('\n') }
}

/**
 * `afterChange` of shows: a new active show gets a draft campaign announcing it, for the
 * subscribers who gave that city (or else that state), or for everyone when nobody near it gave
 * one. Shows loaded from a content file (the demo seed, an import) get none. Nothing is sent: the team reviews the draft in the Subscribers tab and presses Send.
 */
export const draftShowAnnouncement: CollectionAfterChangeHook = async ({ doc, operation, req, context }) => {
  const show = doc as ShowDoc
  if (operation !== 'create' || !show.isActive || context?.bulkImport) return doc
  const city = present(show.city)
  const state = present(show.state)
  const [near] = await query<{ city: number; state: number }>(
    req.payload,
    sql`SELECT count(*) FILTER (WHERE ${city}::text IS NOT NULL AND lower(trim(city)) = lower(${city ?? ''}))::int AS city,
        count(*) FILTER (WHERE ${state}::text IS NOT NULL AND lower(trim(state)) = lower(${state ?? ''}))::int AS state
      FROM subscribers WHERE status = 'confirmed'`,
    req,
  )
  const audience =
    city && (near?.city ?? 0) > 0
      ? { audienceCity: city, audienceState: state }
      : state && (near?.state ?? 0) > 0
        ? { audienceCity: null, audienceState: state }
        : { audienceCity: null, audienceState: null }
  await req.payload.create({
    collection: 'campaigns',
    data: {
      ...showAnnouncement(show),
      ...audience,
      status: 'draft',
      firstAttempts: 0,
      firstFailures: 0,
      showId: String(show.id),
    },
    overrideAccess: true,
    req,
  })
  return doc
}
