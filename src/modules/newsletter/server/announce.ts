import { sql } from '@payloadcms/db-postgres'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook, PayloadRequest } from 'payload'

import { formatShowDate } from '@/platform/time/showDates'

import { query } from '@/platform/db/transaction'

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
  status?: string | null
  previousDate?: string | null
  streamUrl?: string | null
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

/** The first line and subject of a show's change of state, for the states fans must hear about. */
const STATE_NEWS: Record<string, { subject: string; opening: string }> = {
  soldOut: { subject: 'Sold out', opening: 'is sold out. Thank you! If you have a ticket, see you there.' },
  cancelled: {
    subject: 'Cancelled',
    opening: 'is cancelled. We are sorry; your ticket seller will tell you about refunds.',
  },
  postponed: { subject: 'Postponed', opening: 'is postponed. Keep your ticket: we will tell you the new date.' },
  rescheduled: { subject: 'New date', opening: 'has a new date.' },
  movedOnline: { subject: 'Now online', opening: 'moves online: watch it from wherever you are.' },
}

/** The announcement of a show's new state (sold out, cancelled, postponed, rescheduled, online), or null for scheduled. */
export function showStateAnnouncement(show: ShowDoc): { subject: string; body: string } | null {
  const news = show.status ? STATE_NEWS[show.status] : undefined
  if (!news) return null
  const title = present(show.title) ?? 'Our show'
  const place = [present(show.city), present(show.state)].filter(Boolean).join(', ')
  const date = show.date ? formatShowDate(show.date, true) : ''
  const previous = show.status === 'rescheduled' && show.previousDate ? formatShowDate(show.previousDate, true) : null
  const tickets = show.status !== 'soldOut' && show.status !== 'cancelled' ? present(show.ticketUrl) : null
  const lines = [
    `**${title}** ${news.opening}`,
    '',
    ...(previous ? [`- **Was:** ${previous}`] : []),
    `- **Date:** ${date}${present(show.time) ? `, ${present(show.time)}` : ''}`,
    `- **Venue:** ${present(show.venue) ?? ''}`,
    ...(place ? [`- **City:** ${place}`] : []),
    ...(show.status === 'movedOnline' && present(show.streamUrl) ? [`- **Watch:** ${present(show.streamUrl)}`] : []),
    ...(tickets ? [`- **Tickets:** ${tickets}`] : []),
  ]
  return { subject: `${news.subject}: ${title}`, body: lines.join('\n') }
}

/**
 * `afterChange` of shows: a new active show gets a draft campaign announcing it, and so does an
 * active show's change of state (sold out, cancelled, postponed, rescheduled or a new date, moved
 * online). The draft is for the subscribers who gave that city (or else that state), or for
 * everyone when nobody near it gave one. Shows loaded from a content file (the demo seed, an
 * import) get none. Nothing is sent: the team reviews the draft in the Subscribers tab and
 * presses Send. A cancellation withdraws the show's other unsent drafts first.
 */
export const draftShowAnnouncement: CollectionAfterChangeHook = async ({
  doc,
  previousDoc,
  operation,
  req,
  context,
}) => {
  const show = doc as ShowDoc
  const before = (previousDoc ?? {}) as ShowDoc
  // A cancelled show's earlier news ("New show", "Postponed" …) must not go out beside its cancellation.
  if (operation === 'update' && show.status === 'cancelled' && before.status !== 'cancelled')
    await withdrawDrafts(req, show.id, showStateAnnouncement(show)!.subject)
  if (!show.isActive || context?.bulkImport) return doc
  const announcement =
    operation === 'create'
      ? showAnnouncement(show)
      : before.status !== show.status || (show.status === 'rescheduled' && before.date !== show.date)
        ? showStateAnnouncement(show)
        : null
  if (!announcement) return doc
  const city = present(show.city)
  const state = present(show.state)
  const [near] = await query<{ city: number; state: number; same: number }>(
    req.payload,
    sql`SELECT count(*) FILTER (WHERE ${city}::text IS NOT NULL AND lower(trim(city)) = lower(${city ?? ''}))::int AS city,
        count(*) FILTER (WHERE ${state}::text IS NOT NULL AND lower(trim(state)) = lower(${state ?? ''}))::int AS state,
        (SELECT count(*) FROM campaigns WHERE show_id = ${String(show.id)} AND status = 'draft' AND subject = ${announcement.subject})::int AS same
      FROM subscribers WHERE status = 'confirmed'`,
    req,
  )
  // Toggling a state back and forth leaves one draft per news, not one per save.
  if ((near?.same ?? 0) > 0) return doc
  const audience =
    city && (near?.city ?? 0) > 0
      ? { audienceCity: city, audienceState: state }
      : state && (near?.state ?? 0) > 0
        ? { audienceCity: null, audienceState: state }
        : { audienceCity: null, audienceState: null }
  await req.payload.create({
    collection: 'campaigns',
    data: {
      ...announcement,
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

/** Deletes the show's announcement drafts not sent yet, but the one with subject `keep`. */
async function withdrawDrafts(req: PayloadRequest, showId: string | number, keep?: string) {
  await query(
    req.payload,
    sql`DELETE FROM campaigns WHERE show_id = ${String(showId)} AND status = 'draft'
      AND (${keep ?? null}::text IS NULL OR subject <> ${keep ?? ''})`,
    req,
  )
}

/** `afterDelete` of shows: the deleted show's unsent announcement drafts are withdrawn with it. */
export const withdrawShowAnnouncements: CollectionAfterDeleteHook = async ({ id, req }) => {
  await withdrawDrafts(req, id)
}
