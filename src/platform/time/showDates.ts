/**
 * Show dates in en-US: month and day when compact, with weekday and year when
 * expanded. Dates are kept as the show's day at noon UTC, so they are formatted in UTC and read
 * the same on the server and in every visitor's browser.
 *
 * Each format's `Intl.DateTimeFormat` is made once, on first use, and reused: making one costs far
 * more than formatting with it (`toLocaleDateString` with options makes one per call). The
 * landing page's script never formats one: the server hands its show toggles both texts.
 */
const FORMATS = {
  compact: { month: 'short', day: 'numeric', timeZone: 'UTC' },
  expanded: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

const formatters: Partial<Record<keyof typeof FORMATS, Intl.DateTimeFormat>> = {}

export function formatShowDate(date: string | Date, expanded: boolean): string {
  const d = typeof date === 'string' ? new Date(date) : date
  // What toLocaleDateString writes for a date that cannot be read (a formatter throws instead).
  if (Number.isNaN(d.getTime())) return 'Invalid Date'
  const format = expanded ? 'expanded' : 'compact'
  formatters[format] ??= new Intl.DateTimeFormat('en-US', FORMATS[format])
  return formatters[format].format(d)
}
