import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { escapeHtml } from '@/lib/escapeHtml'
import { withTransaction } from '@/platform/db/transaction'
import { emailPage, type EmailContent } from '@/platform/email/layout'
import { EMAIL_QUEUE } from '@/platform/email/sendEmailTask'
import { poolOf } from '@/platform/jobs/advisoryLock'

import { bandToday, createDownloadLink } from './grants'

/**
 * Release day. A pre-order's grant waits for the release date (`available_on`). From 00:00 of that
 * day in the band's time zone, each address with grants that became available gets one email
 * ("<Title> is out today") with a fresh download link. The job runner calls this each round: the
 * grants are claimed with FOR UPDATE SKIP LOCKED and marked mailed in the transaction that queues
 * the email, so each address hears once per grant, whichever instance runs it.
 *
 * The job runner is also reached from the landing page's build, so this module carries no
 * `server-only` marker: it writes the email jobs with SQL, as the email queue does.
 */

/** At most this many grants are mailed per round; the next round takes the rest. */
const BATCH = 200

/** "<Title> is out today", or "A and B are out today" for an address that waited for both. */
export function releaseDayEmail(titles: string[], downloadUrl: string, bandName: string): EmailContent {
  const names = titles.length === 1 ? titles[0]! : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`
  const subject = `${names} ${titles.length === 1 ? 'is' : 'are'} out today`
  const text = [
    `${subject}! Thank you for ordering it from ${bandName}.`,
    '',
    'Download it here:',
    downloadUrl,
    '',
    'The link is yours: please keep it to yourself.',
  ].join('\n')
  const html = emailPage(
    `<p>${escapeHtml(subject)}! Thank you for ordering it from ${escapeHtml(bandName)}.</p>` +
      `<p><a href="${escapeHtml(downloadUrl)}">Download it here</a></p>` +
      `<p>The link is yours: please keep it to yourself.</p>`,
  )
  return { subject, text, html }
}

type Due = { id: string; email: string; title: string }

/** Queues the release-day emails that are due; answers how many addresses were mailed. */
export async function sendReleaseDayEmails(payload: Payload): Promise<number> {
  const today = await bandToday(payload)
  // Most rounds find nothing due: one cheap read before a transaction is opened.
  const { rows } = await poolOf(payload).query(
    `SELECT 1 FROM download_grants WHERE available_on <= $1::date AND release_day_mailed_at IS NULL
       AND revoked_at IS NULL LIMIT 1`,
    [today],
  )
  if (rows.length === 0) return 0
  return withTransaction(payload, async (tx) => {
    const due = await tx.execute<Due>(sql`
      SELECT g.id, g.email, r.title FROM download_grants g JOIN releases r ON r.id = g.release_id
      WHERE g.available_on <= ${today}::date AND g.release_day_mailed_at IS NULL AND g.revoked_at IS NULL
      ORDER BY g.email, r.release_date, r.title LIMIT ${BATCH}
      FOR UPDATE OF g SKIP LOCKED`)
    if (due.length === 0) return 0
    await tx.execute(
      sql`UPDATE download_grants SET release_day_mailed_at = now()
          WHERE id IN (${sql.join(
            due.map((d) => sql`${d.id}::uuid`),
            sql`, `,
          )})`,
    )
    const [band] = await tx.execute<{ name: string | null }>(sql`SELECT name FROM band_profile LIMIT 1`)
    const byEmail = new Map<string, string[]>()
    for (const d of due) byEmail.set(d.email, [...(byEmail.get(d.email) ?? []), d.title])
    const jobs = []
    for (const [email, titles] of byEmail) {
      const url = await createDownloadLink(payload, email, tx.req)
      if (!url) continue
      const content = releaseDayEmail([...new Set(titles)], url, band?.name || 'the band')
      jobs.push(sql`(${JSON.stringify({ to: email, ...content })}::jsonb, 'sendEmail', ${EMAIL_QUEUE})`)
    }
    if (jobs.length > 0)
      await tx.execute(sql`INSERT INTO payload_jobs (input, task_slug, queue) VALUES ${sql.join(jobs, sql`, `)}`)
    return jobs.length
  })
}
