import { z } from 'zod'

import { SHOW_STATUSES } from './showStatus'
import { isHttpUrl, isStorableDate } from '@/lib/validators'

import {
  boolean,
  loadedVersion,
  optionalCountry,
  optionalText,
  optionalTimeZone,
  optionalUrl,
  requiredText,
} from '@/lib/schemas/fields'

/**
 * A show date: "YYYY-MM-DD" from the date picker is kept as that day at noon UTC, so it shows as the same day in every time zone;
 * a full timestamp is kept as given.
 */
export const showDate = z
  .string({ error: 'Date is required' })
  .trim()
  .min(1, 'Date is required')
  .transform((v, ctx) => {
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
    const date = day ? new Date(Date.UTC(+day[1]!, +day[2]! - 1, +day[3]!, 12)) : new Date(v)
    if (!isStorableDate(date) || (day && date.getUTCDate() !== +day[3]!)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid date' })
      return z.NEVER
    }
    return date.toISOString()
  })

/** An optional show date (the previous date of a rescheduled show): empty becomes null. */
const optionalShowDate = z
  .union([z.string(), z.null()])
  .optional()
  .transform((v) => (v === undefined ? v : v === null || v.trim() === '' ? null : v))
  .pipe(z.union([showDate, z.null(), z.undefined()]))

const streamUrl = optionalUrl('Enter the stream URL, such as https://example.com/live').refine(
  (v) => v == null || isHttpUrl(v),
  'Enter the stream URL, such as https://example.com/live',
)

const fields = {
  title: requiredText('Show title is required'),
  venue: requiredText('Venue is required'),
  date: showDate,
  time: optionalText(50),
  /** IANA name; empty: the show follows the band's time zone (Band Profile), also when it changes. */
  timeZone: optionalTimeZone,
  status: z.enum(SHOW_STATUSES, {
    error: 'Choose scheduled, soldOut, cancelled, postponed, rescheduled or movedOnline',
  }),
  previousDate: optionalShowDate,
  streamUrl,
  ticketUrl: optionalUrl(),
  description: optionalText(5000),
  city: optionalText(100),
  state: optionalText(100),
  /** The venue's country (ISO 3166-1 alpha-2): the merch table's sales pay its tax (and its state's in the US). */
  country: optionalCountry,
  isActive: boolean,
}

type StateFields = { status?: string; previousDate?: string | null; streamUrl?: string | null }

/** A moved-online show needs its stream URL; a rescheduled one (when created) its previous date. */
function checkState(show: StateFields, ctx: z.RefinementCtx, { creating }: { creating: boolean }) {
  if (show.status === 'movedOnline' && show.streamUrl === null)
    ctx.addIssue({ code: 'custom', path: ['streamUrl'], message: 'A show moved online needs its stream URL' })
  if (show.status === 'movedOnline' && creating && !show.streamUrl)
    ctx.addIssue({ code: 'custom', path: ['streamUrl'], message: 'A show moved online needs its stream URL' })
  if (show.status === 'rescheduled' && creating && !show.previousDate)
    ctx.addIssue({ code: 'custom', path: ['previousDate'], message: 'A rescheduled show needs its previous date' })
}

export const showSchema = z
  .object({
    ...fields,
    id: z.string().optional(),
    status: fields.status.default('scheduled'),
    isActive: fields.isActive.default(true),
  })
  .superRefine((show, ctx) => checkState(show, ctx, { creating: !show.id }))

/** Updates change only the fields sent (no defaults). */
export const showUpdateSchema = z
  .object(fields)
  .partial()
  .extend({ updatedAt: loadedVersion })
  .superRefine((show, ctx) => checkState(show, ctx, { creating: false }))
