import { z } from 'zod'

import { boolean, loadedVersion, optionalText, optionalUrl, requiredText } from './fields'

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
    if (Number.isNaN(date.getTime()) || (day && date.getUTCDate() !== +day[3]!)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid date' })
      return z.NEVER
    }
    return date.toISOString()
  })

const fields = {
  title: requiredText('Show title is required'),
  venue: requiredText('Venue is required'),
  date: showDate,
  time: optionalText(50),
  ticketUrl: optionalUrl(),
  description: optionalText(5000),
  city: optionalText(100),
  state: optionalText(100),
  isActive: boolean,
}

export const showSchema = z.object({ ...fields, id: z.string().optional(), isActive: fields.isActive.default(true) })

/** Updates change only the fields sent (no defaults). */
export const showUpdateSchema = z.object(fields).partial().extend({ updatedAt: loadedVersion })
