/** The calendar day ("YYYY-MM-DD") that `now` falls on in `timeZone`. */
export function calendarDayIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(now)
    .reduce<Record<string, string>>((all, part) => ({ ...all, [part.type]: part.value }), {})
  return `${parts.year}-${parts.month}-${parts.day}`
}
