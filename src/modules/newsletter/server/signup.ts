import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import { enqueueEmails } from '@/platform/email/queue'
import { enqueueNewSubscriberNotification } from './subscriberNotification'
import { payloadClient } from '@/platform/db/payload'
import { type Tx, withTransaction } from '@/platform/db/transaction'

import { bandForEmail, CONFIRMATION_SUBJECT_START, confirmationEmail, welcomeEmail } from './emails'
import { hashToken, newConfirmToken, verifyUnsubscribeToken } from './tokens'

/** A confirmation link works for 7 days; a new one is mailed to an address at most every 10 minutes. */
export const CONFIRM_VALID_DAYS = 7
export const CONFIRM_RESEND_MINUTES = 10
/** At most this many confirmation emails go to one address in 24 hours, as for back-in-stock alerts. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3

type Row = { id: string; email: string }

async function mailConfirmation(payload: Payload, row: Row, token: string, req: PayloadRequest) {
  const band = await bandForEmail(payload, req)
  await enqueueEmails(
    payload,
    [{ to: row.email, content: confirmationEmail(band, token), fromName: band.name, subscriber: row.id }],
    req,
  )
}

/**
 * How many confirmation emails were queued for `email` in the last 24 hours, whichever subscriber
 * row they were for. Two sign-ups of one address never both mail (the 10-minute throttle holds the
 * row), so the count cannot be overtaken between this read and the insert.
 */
async function confirmationsToday(tx: Tx, email: string): Promise<number> {
  const [row] = await tx.execute<{ today: number }>(sql`
    SELECT count(*)::int AS today FROM payload_jobs
    WHERE task_slug = 'sendEmail' AND created_at > now() - interval '1 day'
      AND lower(input->>'to') = lower(${email})
      AND starts_with(input->>'subject', ${CONFIRMATION_SUBJECT_START})`)
  return row?.today ?? 0
}

/**
 * A sign-up from the form (or an import). A new address is saved `pending` and mailed a
 * confirmation link. An address already pending, unsubscribed or bounced is (again) pending and
 * mailed a new link, but never more than once per 10 minutes, and an address mailed
 * CONFIRMATIONS_PER_ADDRESS_PER_DAY confirmations in the last 24 hours gets none (nothing
 * changes), from whatever client address the sign-ups come: nobody can flood a stranger's inbox.
 * A confirmed address changes nothing. Returns true when the address was new.
 */
export async function subscribe(email: string): Promise<boolean> {
  const payload = await payloadClient()
  const token = newConfirmToken()
  const hash = hashToken(token)
  return withTransaction(payload, async (tx) => {
    if ((await confirmationsToday(tx, email)) >= CONFIRMATIONS_PER_ADDRESS_PER_DAY) return false
    // One statement: a new row, or the existing one taken back to pending when the throttle allows.
    const rows = await tx.execute<Row & { inserted: boolean }>(sql`
      INSERT INTO subscribers (email, status, is_active, source, signed_up_at, confirm_token_hash, confirm_sent_at)
      VALUES (${email}, 'pending', false, 'form', now(), ${hash}, now())
      ON CONFLICT (email) DO UPDATE SET
        status = 'pending', is_active = false, signed_up_at = now(),
        confirm_token_hash = EXCLUDED.confirm_token_hash, confirm_sent_at = now(), updated_at = now()
      WHERE subscribers.status <> 'confirmed'
        AND (subscribers.confirm_sent_at IS NULL
          OR subscribers.confirm_sent_at < now() - make_interval(mins => ${CONFIRM_RESEND_MINUTES}))
      RETURNING id, email, (xmax = 0) AS inserted`)
    const row = rows[0]
    if (!row) return false
    await mailConfirmation(payload, row, token, tx.req)
    return row.inserted
  })
}

export type ConfirmResult = { status: 'confirmed'; subscriberId: string; bandName: string } | { status: 'invalid' }

/**
 * Opening the link confirms the address, once: the token is cleared, the team is told and the
 * fan gets the welcome email, all in one transaction. A used, replaced or expired link is invalid.
 */
export async function confirmSubscription(token: string | undefined): Promise<ConfirmResult> {
  const payload = await payloadClient()
  if (!token || token.length > 100) return { status: 'invalid' }
  return withTransaction(payload, async (tx) => {
    const [row] = await tx.execute<Row>(sql`
      UPDATE subscribers SET status = 'confirmed', is_active = true, confirmed_at = now(), unsubscribed_at = NULL,
        bounced_at = NULL, confirm_token_hash = NULL, updated_at = now()
      WHERE confirm_token_hash = ${hashToken(token)} AND status = 'pending'
        AND confirm_sent_at > now() - make_interval(days => ${CONFIRM_VALID_DAYS})
      RETURNING id, email`)
    if (!row) return { status: 'invalid' } as const
    const band = await bandForEmail(payload, tx.req)
    await enqueueEmails(
      payload,
      [{ to: row.email, content: welcomeEmail(band, row.id), fromName: band.name, subscriber: row.id }],
      tx.req,
    )
    await enqueueNewSubscriberNotification(payload, row.email, tx.req)
    return { status: 'confirmed', subscriberId: row.id, bandName: band.name } as const
  })
}

/** The optional "your city" of the confirmation page, through the subscriber's signed token. */
export async function setLocation(token: string, city: string, state: string): Promise<boolean> {
  const id = verifyUnsubscribeToken(token)
  if (!id) return false
  const payload = await payloadClient()
  const rows = await withTransaction(payload, (tx) =>
    tx.execute(sql`UPDATE subscribers SET city = ${city || null}, state = ${state || null}, updated_at = now()
      WHERE id = ${id} AND status = 'confirmed' RETURNING id`),
  )
  return rows.length > 0
}

/** Unsubscribes the subscriber a signed token names (idempotent). False when the token is not valid. */
export async function unsubscribe(token: string | null): Promise<boolean> {
  const id = verifyUnsubscribeToken(token)
  if (!id) return false
  const payload = await payloadClient()
  const rows = await withTransaction(payload, (tx) =>
    tx.execute<{ id: string; status: string }>(sql`
      WITH target AS (SELECT id, status FROM subscribers WHERE id = ${id} FOR UPDATE),
      changed AS (
        UPDATE subscribers s SET status = 'unsubscribed', is_active = false, unsubscribed_at = now(),
          confirm_token_hash = NULL, updated_at = now()
        FROM target WHERE s.id = target.id AND target.status <> 'unsubscribed' RETURNING s.id)
      SELECT id, status FROM target`),
  )
  return rows.length > 0
}

/** Whether a signed token names an existing subscriber, and its address (for the page). */
export async function subscriberForToken(token: string | null): Promise<{ email: string; status: string } | null> {
  const id = verifyUnsubscribeToken(token)
  if (!id) return null
  const payload = await payloadClient()
  const rows = await withTransaction(payload, (tx) =>
    tx.execute<{ email: string; status: string }>(sql`SELECT email, status FROM subscribers WHERE id = ${id}`),
  )
  return rows[0] ?? null
}
