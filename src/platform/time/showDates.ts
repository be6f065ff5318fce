/**
 * Show dates in en-US: month and day when compact, with weekday and year when
 * expanded. Dates are kept as the show's day at noon UTC, so they are formatted in UTC and read
 * the same on the server and in every visitor's browser.
 */
export function formatShowDate(date: string | Date, expanded: boolean): string {
  const d = typeof date === 'string' ? new Date(date) : date
  return d.toLocaleDateString(
    'en-US',
    expanded
      ? { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' },
  )
}
