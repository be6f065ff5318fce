// No 'server-only' import: the music module's index.ts (loaded by the Pages Router's pages and by
// scripts) sends download links through this queue.

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { query } from '@/platform/db/transaction'

import { EMAIL_QUEUE, sendEmailTask } from './sendEmailTask'
import type { EmailContent } from './layout'

type QueuedEmail = {
  to: string
  content: EmailContent & { headers?: Record<string, string> }
  /** The sender's display name; the band's name when not given (see bandSender.ts). */
  fromName?: string
  /** A newsletter email's subscriber, marked `bounced` when the mail server refuses the address for good. */
  subscriber?: string
}

/**
 * Puts emails in the persisted queue, all in one insert (the job runner sends them; see
 * src/platform/jobs/runner.ts). Given a `req` inside a transaction, they are queued only if that
 * transaction commits (an order marked paid always has its emails queued). The rows are what
 * Payload's own queue writes for a task: its input, task and queue, everything else left to the
 * table's defaults (not processing, not failed, due now).
 */
export async function enqueueEmails(payload: Payload, emails: QueuedEmail[], req?: PayloadRequest): Promise<void> {
  if (emails.length === 0) return
  const rows = emails.map(
    ({ to, content, fromName, subscriber }) =>
      sql`(${JSON.stringify({ to, ...content, fromName, subscriber })}::jsonb, ${sendEmailTask.slug}, ${EMAIL_QUEUE})`,
  )
  await query(payload, sql`INSERT INTO payload_jobs (input, task_slug, queue) VALUES ${sql.join(rows, sql`, `)}`, req)
}

/** Puts one email in the persisted queue (see enqueueEmails). */
export async function enqueueEmail(
  payload: Payload,
  to: string,
  content: EmailContent,
  req?: PayloadRequest,
): Promise<void> {
  await enqueueEmails(payload, [{ to, content }], req)
}
