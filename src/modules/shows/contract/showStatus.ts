/** What can happen to a show, and how each state reads for fans and for search engines. */
export const SHOW_STATUSES = ['scheduled', 'soldOut', 'cancelled', 'postponed', 'rescheduled', 'movedOnline'] as const

export type ShowStatus = (typeof SHOW_STATUSES)[number]

/** The dashboard's and /cms's names of the states. */
export const SHOW_STATUS_NAMES: Record<ShowStatus, string> = {
  scheduled: 'Scheduled',
  soldOut: 'Sold out',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
  rescheduled: 'Rescheduled',
  movedOnline: 'Moved online',
}

/** The label a public show card and page carry for a state; none for a scheduled show. */
export const SHOW_STATUS_LABELS: Record<ShowStatus, string | null> = {
  scheduled: null,
  soldOut: 'Sold Out',
  cancelled: 'Cancelled',
  postponed: 'Postponed',
  rescheduled: 'Rescheduled',
  movedOnline: 'Moved Online',
}

/** schema.org eventStatus of each state (a sold-out show is still scheduled; its offer is sold out). */
export const SHOW_EVENT_STATUS: Record<ShowStatus, string> = {
  scheduled: 'https://schema.org/EventScheduled',
  soldOut: 'https://schema.org/EventScheduled',
  cancelled: 'https://schema.org/EventCancelled',
  postponed: 'https://schema.org/EventPostponed',
  rescheduled: 'https://schema.org/EventRescheduled',
  movedOnline: 'https://schema.org/EventMovedOnline',
}

export const isShowStatus = (value: unknown): value is ShowStatus =>
  typeof value === 'string' && (SHOW_STATUSES as readonly string[]).includes(value)
