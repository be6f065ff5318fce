'use client'

import { ChevronDown, Clock, Ticket } from 'lucide-react'
import { useId, useState } from 'react'

import { cn } from '@/lib/cn'
import { formatShowDate } from '@/lib/showDates'
import { SHOW_STATUS_LABELS } from '@/lib/showStatus'

import { useIslandLive } from '../islands/useLive'

import type { Show } from '@/lib/apiTypes'

/**
 * One show: compact ('Month Day') until clicked, then with weekday, year and the details. Until the
 * page's script is live the entry shows its compact text and is not a control yet (no chevron).
 */
export function ShowItem({ show }: { show: Show }) {
  const live = useIslandLive()
  const [expanded, setExpanded] = useState(false)
  const detailsId = useId()
  const place = [show.city, show.state].filter(Boolean).join(', ')
  const label = SHOW_STATUS_LABELS[show.status]
  const off = show.status === 'cancelled' || show.status === 'postponed'
  return (
    <li className="rounded-md border border-border bg-foreground/5">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={detailsId}
        onClick={() => setExpanded((value) => !value)}
        disabled={!live}
        className="flex w-full cursor-pointer items-center gap-4 rounded-md p-4 text-left disabled:cursor-default"
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-2">
            <span className="block text-sm font-semibold" data-testid="show-date">
              {formatShowDate(show.date, expanded)}
            </span>
            {label && (
              <span
                data-testid="show-status"
                className={cn(
                  'rounded-full border px-2 py-0.5 text-xs font-semibold uppercase tracking-wide',
                  off ? 'border-destructive text-destructive' : 'border-border text-foreground',
                )}
              >
                {label}
              </span>
            )}
          </span>
          <span className="block font-heading text-lg font-bold leading-snug">{show.title}</span>
          <span className="block text-sm text-muted-foreground">
            {show.venue}
            {place && ` · ${place}`}
          </span>
        </span>
        {live && (
          <ChevronDown
            aria-hidden="true"
            className={cn('size-5 shrink-0 transition-transform', expanded && 'rotate-180')}
          />
        )}
      </button>
      <div id={detailsId} hidden={!expanded} className="space-y-2 px-4 pb-4 text-sm">
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
