import { z } from 'zod'

/** The longest period one report covers, in days (a leap year). */
export const MAX_REPORT_DAYS = 366

const DAY_MESSAGE = 'Use a date like 2026-01-31'

/** A calendar day "YYYY-MM-DD" that exists. */
const day = z
  .string({ error: DAY_MESSAGE })
  .trim()
  .refine((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v)
    if (!m) return false
    const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!))
    return date.getUTCFullYear() === +m[1]! && date.getUTCMonth() === +m[2]! - 1 && date.getUTCDate() === +m[3]!
  }, DAY_MESSAGE)

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000

/** GET /api/admin/tax/report?from=YYYY-MM-DD&to=YYYY-MM-DD: both days included, at most 366 days. */
export const taxReportQuerySchema = z.object({ from: day, to: day }).superRefine((q, ctx) => {
  if (q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must be on or after the start date' })
  else if (daysBetween(q.from, q.to) + 1 > MAX_REPORT_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `A report covers at most ${MAX_REPORT_DAYS} days` })
})

export type TaxReportQuery = z.infer<typeof taxReportQuerySchema>
