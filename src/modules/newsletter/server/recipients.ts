import type { Pool } from 'pg'

import { withPoolTransaction } from '@/platform/db/transaction'

/**
 * The campaign recipients' rows in SQL (`campaign_recipients`, `newsletter_workers`,
 * `newsletter_pace`): what the sender claims, books and records, batch by batch.
 */

const DEAD_AFTER_S = 15
const MAX_BACKOFF_S = 300
const EARLY_SENDS = 100

export type Claimed = {
  campaign_id: string
  subscriber_id: string
  email: string
  attempts: number
  subscribed: boolean
}
export type Outcome = {
  row: Claimed
  result: 'sent' | 'failed' | 'retry' | 'skipped'
  error?: string
  permanent?: boolean
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The worker's heartbeat, due campaigns started, a dead worker's rows queued again, finished campaigns marked sent. */
export async function keepRecipientsHouse(pool: Pool, workerId: string): Promise<void> {
  await pool.query(
    `INSERT INTO newsletter_workers (id, seen_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET seen_at = now()`,
    [workerId],
  )
  await startDueCampaigns(pool)
  // Rows claimed by an instance that stopped beating are sent again.
  await pool.query(
    `UPDATE campaign_recipients SET status = 'queued', claimed_by = NULL
      WHERE status = 'sending' AND claimed_by NOT IN (
        SELECT id FROM newsletter_workers WHERE seen_at > now() - make_interval(secs => $1))`,
    [DEAD_AFTER_S],
  )
  await pool.query(`DELETE FROM newsletter_workers WHERE seen_at < now() - interval '1 day'`)
  await pool.query(
    `UPDATE campaigns c SET status = 'sent', finished_at = now(), updated_at = now()
      WHERE c.status = 'sending' AND NOT EXISTS (
        SELECT 1 FROM campaign_recipients r WHERE r.campaign_id = c.id AND r.status IN ('queued', 'sending'))`,
  )
}

/** Claims up to `size` due recipients for this worker, marking them `sending`. */
export async function claimRecipients(pool: Pool, size: number, workerId: string): Promise<Claimed[]> {
  const { rows } = await pool.query<Claimed>(
    `WITH picked AS (
       SELECT r.campaign_id, r.subscriber_id FROM campaign_recipients r
         JOIN campaigns c ON c.id = r.campaign_id
        WHERE c.status = 'sending' AND r.status = 'queued' AND r.next_attempt_at <= now()
        LIMIT $1 FOR UPDATE OF r SKIP LOCKED)
     UPDATE campaign_recipients r SET status = 'sending', claimed_by = $2, claimed_at = now(), attempts = r.attempts + 1
       FROM picked WHERE r.campaign_id = picked.campaign_id AND r.subscriber_id = picked.subscriber_id
     RETURNING r.campaign_id, r.subscriber_id, r.email, r.attempts,
       EXISTS (SELECT 1 FROM subscribers s WHERE s.id = r.subscriber_id AND s.status = 'confirmed') AS subscribed`,
    [size, workerId],
  )
  return rows
}

/** Books `n` sends in the shared pace and waits until the first may go; answers the spacing. */
export async function pace(pool: Pool, rate: number, n: number): Promise<number> {
  if (rate <= 0) return 0
  const { rows } = await pool.query<{ wait_ms: number }>(
    `UPDATE newsletter_pace SET next_at = GREATEST(next_at, now()) + make_interval(secs => $1::float8 / $2::float8)
      WHERE id = 1
      RETURNING GREATEST(0, EXTRACT(EPOCH FROM (next_at - make_interval(secs => $1::float8 / $2::float8) - now())) * 1000)::float8 AS wait_ms`,
    [n, rate],
  )
  const wait = Number(rows[0]?.wait_ms ?? 0)
  if (wait > 0) await sleep(wait)
  return 1000 / rate
}

/** Records each recipient's outcome, then counts the campaigns' early failures. */
export async function recordOutcomes(pool: Pool, outcomes: Outcome[]): Promise<void> {
  const by = (result: Outcome['result']) => outcomes.filter((o) => o.result === result)
  const keys = (list: Outcome[]) => [list.map((o) => o.row.campaign_id), list.map((o) => o.row.subscriber_id)]
  const sent = by('sent')
  if (sent.length) {
    await pool.query(
      `UPDATE campaign_recipients r SET status = 'sent', sent_at = now(), error = NULL
        FROM unnest($1::uuid[], $2::uuid[]) AS k(c, s) WHERE r.campaign_id = k.c AND r.subscriber_id = k.s`,
      keys(sent),
    )
  }
  const skipped = by('skipped')
  if (skipped.length) {
    await pool.query(
      `UPDATE campaign_recipients r SET status = 'skipped'
        FROM unnest($1::uuid[], $2::uuid[]) AS k(c, s) WHERE r.campaign_id = k.c AND r.subscriber_id = k.s`,
      keys(skipped),
    )
  }
  const failed = by('failed')
  if (failed.length) {
    await pool.query(
      `UPDATE campaign_recipients r SET status = 'failed', error = k.e
        FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS k(c, s, e) WHERE r.campaign_id = k.c AND r.subscriber_id = k.s`,
      [...keys(failed), failed.map((o) => o.error ?? '')],
    )
    const bounced = failed.filter((o) => o.permanent)
    await pool.query(
      `UPDATE subscribers SET status = 'bounced', is_active = false, bounced_at = now(), updated_at = now()
        WHERE id = ANY($1::uuid[]) AND status = 'confirmed'`,
      [bounced.map((o) => o.row.subscriber_id)],
    )
  }
  const retry = by('retry')
  if (retry.length) {
    await pool.query(
      `UPDATE campaign_recipients r SET status = 'queued', claimed_by = NULL, error = k.e,
          next_attempt_at = now() + make_interval(secs => LEAST($4::int, power(2, r.attempts)::int))
        FROM unnest($1::uuid[], $2::uuid[], $3::text[]) AS k(c, s, e) WHERE r.campaign_id = k.c AND r.subscriber_id = k.s`,
      [...keys(retry), retry.map((o) => o.error ?? ''), MAX_BACKOFF_S],
    )
  }
  await countEarlyFailures(pool, outcomes)
}

/** Most of the first 100 sends failing pauses the campaign, with the last error as the reason. */
async function countEarlyFailures(pool: Pool, outcomes: Outcome[]): Promise<void> {
  const campaigns = new Set(outcomes.filter((o) => o.result !== 'skipped').map((o) => o.row.campaign_id))
  for (const id of campaigns) {
    const mine = outcomes.filter((o) => o.row.campaign_id === id && o.result !== 'skipped')
    const bad = mine.filter((o) => o.result !== 'sent')
    await pool.query(
      `UPDATE campaigns SET
          first_failures = first_failures + LEAST($2::int, GREATEST(0, $4::int - first_attempts)),
          first_attempts = LEAST($4::int, first_attempts + $3::int),
          status = CASE WHEN status = 'sending' AND first_attempts < $4::int
              AND first_failures + LEAST($2::int, GREATEST(0, $4::int - first_attempts)) > $4::int / 2
            THEN 'paused'::enum_campaigns_status ELSE status END,
          pause_reason = CASE WHEN status = 'sending' AND first_attempts < $4::int
              AND first_failures + LEAST($2::int, GREATEST(0, $4::int - first_attempts)) > $4::int / 2
            THEN $5 ELSE pause_reason END
        WHERE id = $1 AND first_attempts < $4::int`,
      [
        id,
        bad.length,
        mine.length,
        EARLY_SENDS,
        `Paused by itself: most of the first ${EARLY_SENDS} emails could not be sent (${bad.at(-1)?.error ?? 'mail server error'}).`,
      ],
    )
  }
}

/** Scheduled campaigns whose time has come start: their recipients are written, once. */
export async function startDueCampaigns(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM campaigns WHERE status = 'scheduled' AND scheduled_at <= now()`,
  )
  for (const { id } of rows) {
    await withPoolTransaction(pool, async (client) => {
      const started = await client.query(
        `UPDATE campaigns SET status = 'sending', started_at = now(), updated_at = now()
          WHERE id = $1 AND status = 'scheduled' RETURNING id`,
        [id],
      )
      if (started.rowCount) await client.query(ADD_RECIPIENTS_SQL, [id])
    })
  }
}

/**
 * Whether subscriber `s` is in campaign `c`'s audience: everyone, or those whose city (and state,
 * when both are given) or state matches, compared without case. Confirmed ones only get it.
 */
export const IN_AUDIENCE_SQL = `
  (NULLIF(trim(c.audience_city), '') IS NULL OR lower(trim(s.city)) = lower(trim(c.audience_city)))
  AND (NULLIF(trim(c.audience_state), '') IS NULL OR lower(trim(s.state)) = lower(trim(c.audience_state)))`

/** Writes a campaign's recipients: the confirmed subscribers of its audience. */
export const ADD_RECIPIENTS_SQL = `
  INSERT INTO campaign_recipients (campaign_id, subscriber_id, email)
  SELECT c.id, s.id, s.email FROM campaigns c JOIN subscribers s ON s.status = 'confirmed'
   WHERE c.id = $1 AND ${IN_AUDIENCE_SQL}
  ON CONFLICT DO NOTHING`
