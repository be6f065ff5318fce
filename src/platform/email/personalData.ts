import { sql } from '@payloadcms/db-postgres'

import type { PersonalDataSource } from '@/platform/db/personalData'
import { sendEmailTask } from './sendEmailTask'

/** A regular expression matching the address as a whole word in a text (not inside a longer address). */
const wholeAddress = (email: string) =>
  `(^|[^a-z0-9._%+-])${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^a-z0-9-])`

/**
 * The outgoing mail queue: every email job (queued, sent or failed) addressed to the person or
 * naming the address in its content (such as the band's notice of a new order).
 */
const matching = (email: string) =>
  sql`task_slug = ${sendEmailTask.slug} AND (lower(input->>'to') = ${email} OR lower(input::text) ~ ${wholeAddress(email)})`

type JobRow = {
  id: string
  to: string
  subject: string
  created_at: string
  completed_at: string | null
  has_error: boolean | null
}

export const queuedEmailData: PersonalDataSource = {
  key: 'queuedEmails',
  find: async (tx, email) =>
    (
      await tx.execute<JobRow>(
        sql`SELECT id, input->>'to' AS to, input->>'subject' AS subject, created_at, completed_at, has_error
            FROM payload_jobs WHERE ${matching(email)} ORDER BY created_at`,
      )
    ).map((r) => ({
      id: String(r.id),
      to: r.to,
      subject: r.subject,
      queuedAt: new Date(r.created_at).toISOString(),
      sentAt: r.completed_at ? new Date(r.completed_at).toISOString() : null,
      failed: Boolean(r.has_error),
    })),
  erase: async (tx, email) =>
    (await tx.execute(sql`DELETE FROM payload_jobs WHERE ${matching(email)} RETURNING id`)).length,
}
