import { TZDate } from '@date-fns/tz'

/**
 * A show's start time. The team types the time as free text ("7:00 PM", "19:30", "Doors 7pm /
 * Show 8pm"); it is read into an hour and minute when it can be, and combined with the show's day
 * (kept at noon UTC, see schemas/show.ts) and its time zone into the real instant.
 */

export type ClockTime = { hour: number; minute: number }

/** The time zone used when neither the band profile nor SITE_TIME_ZONE names one. */
export const FALLBACK_TIME_ZONE = 'UTC'

/** Whether `name` is an IANA time zone this runtime knows ("America/Los_Angeles", "UTC"). */
export function isTimeZone(name: string | null | undefined): name is string {
  if (!name || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

const TIME =
  /(?:\b(doors?|show(?:time)?|starts?|music|on\s*stage|set)\b[^0-9a-z]*(?:(?:at|from|@)\s*)?)?(?:\b(noon|midnight)\b|\b(\d{1,2})(?:[:.](\d{2}))?\s*(a\.?\s?m\.?|p\.?\s?m\.?)?(?![0-9a-z]))/gi

type Candidate = ClockTime & { label: string | null }

function candidates(text: string): Candidate[] {
  const found: Candidate[] = []
  for (const match of text.matchAll(TIME)) {
    const [, rawLabel, word, hours, minutes, meridiem] = match
    const label = rawLabel ? rawLabel.toLowerCase().replace(/\s+/g, ' ') : null
    if (word) {
      found.push({ hour: word.toLowerCase() === 'noon' ? 12 : 0, minute: 0, label })
      continue
    }
    let hour = Number(hours)
    const minute = minutes === undefined ? 0 : Number(minutes)
    // A bare number ("Doors 7") is not read as a time: it needs minutes or AM/PM.
    if (minutes === undefined && !meridiem) continue
    if (minute > 59) continue
    if (meridiem) {
      if (hour < 1 || hour > 12) continue
      const pm = meridiem.toLowerCase().startsWith('p')
      hour = (hour % 12) + (pm ? 12 : 0)
    } else if (hour > 23) continue
    found.push({ hour, minute, label })
  }
  return found
}

/**
 * The time a show starts, read from the free text: the time labelled "show" (or "starts",
 * "music", "on stage", "set") when there is one, else the first time that is not the doors',
 * else the doors' time. Times without AM/PM are read on a 24-hour clock ("7:30" is morning).
 * null when no time can be read.
 */
export function parseShowTime(text: string | null | undefined): ClockTime | null {
  if (!text?.trim()) return null
  const found = candidates(text)
  const pick =
    found.find((c) => c.label !== null && !c.label.startsWith('door')) ??
    found.find((c) => c.label === null) ??
    found[0]
  return pick ? { hour: pick.hour, minute: pick.minute } : null
}

/** "7:00 PM" for a clock time (en-US). */
export function formatClockTime({ hour, minute }: ClockTime): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`
}

/** The show's day ("YYYY-MM-DD") from its stored date: the UTC day, as every display reads it. */
export function showDay(date: string | Date): string {
  return new Date(date).toISOString().slice(0, 10)
}

/** The show's day as the dashboard writes it ("Sat, Mar 14, 2026"): the UTC day, like showDay. */
export function formatShowDay(date: string | Date): string {
  return new Date(date).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/**
 * Whether a show is past: its day ended before today (UTC), the same rule that takes it off the
 * public page's upcoming shows.
 */
export function isPastShow(date: string | Date, now: Date = new Date()): boolean {
  return showDay(date) < showDay(now)
}

/** The start as an instant in the zone, or null when the time cannot be read or the zone is unknown. */
function startIn(date: string | Date, time: ClockTime, timeZone: string): TZDate | null {
  if (!isTimeZone(timeZone)) return null
  const [y, m, d] = showDay(date).split('-').map(Number) as [number, number, number]
  const start = new TZDate(y, m - 1, d, time.hour, time.minute, 0, timeZone)
  return Number.isNaN(start.getTime()) ? null : start
}

/** The start instant in UTC ISO ("2026-12-08T03:00:00.000Z"), or null when no time can be read. */
export function showStartsAt(date: string | Date, time: string | null | undefined, timeZone: string): string | null {
  const clock = parseShowTime(time)
  const start = clock && startIn(date, clock, timeZone)
  return start ? new Date(start.getTime()).toISOString() : null
}

/**
 * A local date-time with its UTC offset ("2026-12-07T19:00:00-08:00") for an instant in a time
 * zone, as schema.org and Google read it.
 */
export function localIsoWithOffset(instant: string | Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE
  const local = new TZDate(new Date(instant).getTime(), zone).toISOString()
  return local.replace(/\.\d{3}(?=[+-]|Z$)/, '').replace(/Z$/, '+00:00')
}

/** The local time of an instant in its zone with the zone's short name: "7:00 PM PST". */
export function formatLocalTime(instant: string | Date, timeZone: string): string {
  const zone = isTimeZone(timeZone) ? timeZone : FALLBACK_TIME_ZONE
  return new Date(instant).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zone,
    timeZoneName: 'short',
  })
}
