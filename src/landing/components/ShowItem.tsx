import { Clock, Ticket } from 'lucide-react'

import type { Show } from '@/modules/shows/contract/types'
import { formatShowDate } from '@/platform/time/showDates'
import { SHOW_STATUS_LABELS } from '@/modules/shows/contract/showStatus'

import { Island } from '../islands/Island'

/**
 * One show of the Upcoming Shows card: its toggle is an island (./ShowToggle.client.tsx); its
 * details (time, state, description, stream, tickets, page) are static HTML, hidden until the
 * toggle opens them.
 */
export function ShowItem({ show }: { show: Show }) {
  const detailsId = `show-${show.id}-details`
  const place = [show.city, show.state].filter(Boolean).join(', ')
  const off = show.status === 'cancelled' || show.status === 'postponed'
  return (
    <li className="rounded-md border border-border bg-foreground/5">
      <Island
        name="ShowToggle"
        props={{
          dates: { compact: formatShowDate(show.date, false), expanded: formatShowDate(show.date, true) },
          title: show.title,
          place: place ? `${show.venue} · ${place}` : show.venue,
          label: SHOW_STATUS_LABELS[show.status],
          off,
          detailsId,
        }}
      />
      <div id={detailsId} hidden className="space-y-2 px-4 pb-4 text-sm">
        {show.time && (
          <p className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-4" />
            {show.time}
          </p>
        )}
        {show.status === 'rescheduled' && show.previousDate && (
          <p>Moved from {formatShowDate(show.previousDate, true)}</p>
        )}
        {show.description && <p className="text-muted-foreground">{show.description}</p>}
        {show.status === 'movedOnline' && show.streamUrl && (
          <a href={show.streamUrl} target="_blank" rel="noopener noreferrer" className="block font-semibold underline">
            Watch the stream<span className="sr-only"> of {show.title} (opens in a new tab)</span>
          </a>
        )}
        {show.status === 'soldOut' ? (
          <p className="inline-flex items-center gap-2 rounded-md border border-border px-3 py-2 font-semibold">
            <Ticket aria-hidden="true" className="size-4" />
            Sold Out
          </p>
        ) : (
          show.ticketUrl &&
          !off && (
            <a
              href={show.ticketUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-md bg-primary px-3 py-2 font-semibold text-primary-foreground no-underline hover:bg-primary/90"
            >
              <Ticket aria-hidden="true" className="size-4" />
              Get tickets<span className="sr-only"> for {show.title} (opens in a new tab)</span>
            </a>
          )
        )}
        {show.slug && (
          <a href={`/shows/${show.slug}`} className="block text-sm underline">
            Show page<span className="sr-only"> for {show.title}</span>
          </a>
        )}
      </div>
    </li>
  )
}
