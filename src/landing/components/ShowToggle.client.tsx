'use client'

import { ChevronDown } from 'lucide-react'
import { useEffect, useState } from 'react'

import { cn } from '@/ui/cn'

import { useLive } from '@/ui/useLive'

/** What the toggle of one show needs; the server works out the state's label. */
export type ShowToggleProps = {
  /**
   * The show's date as the server wrote it (formatShowDate): compact and expanded. The page's
   * script makes no date formatter: the browser's first one costs it tens of milliseconds on the
   * main thread while the page becomes interactive.
   */
  dates: { compact: string; expanded: string }
  title: string
  /** Venue, then city and state when known. */
  place: string
  /** The state's public label ("Sold Out"), or null for a scheduled show. */
  label: string | null
  /** Cancelled or postponed: the label is drawn as a warning. */
  off: boolean
  /** The id of the show's details, rendered by the server right after this toggle. */
  detailsId: string
}

/**
 * The clickable part of one show: compact date ('Month Day') until clicked, then with weekday and
 * year, and the details shown. Until the page's script is live it shows its compact text and is
 * not a control yet (disabled, no chevron). The details are static HTML beside it, so their text
 * never ships in the page's script.
 */
export function ShowToggle({ dates, title, place, label, off, detailsId }: ShowToggleProps) {
  const live = useLive()
  const [expanded, setExpanded] = useState(false)
  useEffect(() => {
    const details = document.getElementById(detailsId)
    if (details) details.hidden = !expanded
  }, [expanded, detailsId])
  return (
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
            {expanded ? dates.expanded : dates.compact}
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
        <span className="block font-heading text-lg font-bold leading-snug">{title}</span>
        <span className="block text-sm text-muted-foreground">{place}</span>
      </span>
      {live && (
        <ChevronDown
          aria-hidden="true"
          className={cn('size-5 shrink-0 transition-transform', expanded && 'rotate-180')}
        />
      )}
    </button>
  )
}
