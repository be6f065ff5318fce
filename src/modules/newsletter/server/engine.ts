import crypto from 'node:crypto'
import net from 'node:net'
import os from 'node:os'

import nodemailer from 'nodemailer'
import type { Payload } from 'payload'
import type { Pool } from 'pg'

import { isPermanentSmtpFailure } from '@/platform/email/sendEmailTask'
import { poolOf } from '@/platform/jobs/advisoryLock'
import { createMailTransport } from '@/platform/email/mailTransport'

import { bandForEmail, campaignRenderer, type BandForEmail } from './emails'

/**
 * The campaign sender, one per server instance; every instance on the database shares the work.
 *
 * - Each recipient of a campaign is a row of `campaign_recipients`. An instance claims a batch of
 *   due rows with `FOR UPDATE SKIP LOCKED` (two instances never claim the same row), marks them
 *   `sending` under its worker id, sends them over a pooled SMTP connection, then records each
 *   outcome. A row is only ever claimed again once it is back to `queued`.
 * - A crash loses nothing: every instance writes a heartbeat every 2 s, and rows claimed by a
 *   worker silent for 15 s go back to `queued`. What may go twice is bounded by what was in flight:
 *   at most one claimed batch (BATCH rows per loop, LOOPS loops) of the instance that died, and
 *   only those of them the mail server had accepted before the crash.
 * - NEWSLETTER_RATE (messages per second, across all instances) is kept by a shared pace row:
 *   each claim books its slots in `newsletter_pace` and waits for its turn.
 * - A permanent refusal (5xx) fails the recipient and marks the address `bounced`; anything else
 *   (4xx, the mail server unreachable) is tried again later, waiting 2, 4, 8 … up to 300 s.
 * - When most of a campaign's first 100 sends fail, the campaign pauses itself with the reason.
 * - Order and account emails go through the job queue (src/platform/jobs/runner.ts) on their own
 *   SMTP connection; a campaign never stands in front of them.
 */

const BATCH = 50
const LOOPS = 2
const IDLE_MS = 1000
const HOUSEKEEPING_MS = 2000
const DEAD_AFTER_S = 15
const MAX_ATTEMPTS = 12
const MAX_BACKOFF_S = 300
const EARLY_SENDS = 100
/** SMTP connections per server when NEWSLETTER_RATE is off (a relay that paces itself). */
const UNLIMITED_CONNECTIONS = 16

/** NEWSLETTER_RATE: messages per second across every instance; 0 or "off" is unlimited. */
export const DEFAULT_NEWSLETTER_RATE = 5
export function newsletterRate(value = process.env.NEWSLETTER_RATE): number {
  if (value === undefined || value.trim() === '') return DEFAULT_NEWSLETTER_RATE
  if (value.trim() === 'off') return 0
  const n = Number(value)
  return Number.isFinite(n) && n >= 0 ? n : DEFAULT_NEWSLETTER_RATE
}

/** SMTP with pooled, reused connections when SMTP_URL is set; otherwise the .eml files. */
export function createNewsletterTransport(connections = 5) {
  const url = process.env.SMTP_URL
  if (!url) return createMailTransport()
  const u = new URL(url)
  const secure = u.protocol === 'smtps:'
  const port = Number(u.port) || (secure ? 465 : 587)
  return nodemailer.createTransport({
    // Plain connections without Nagle's algorithm: SMTP is a few small writes per message, and
    // waiting for the delayed ACK of each made a local send take ~80 ms instead of ~1 ms. The
    // socket is handed over before it connects, so a refused or failed connection reaches
    // nodemailer's own error handling: the pool then drops that connection and opens a new one
    // later. (Answering the pool with an error here instead would leave a dead connection in the
    // pool for good, and enough of them while the mail server is down stall the campaign.)
    getSocket: (
      _options: unknown,
      callback: (error: Error | null, socket: { connection: net.Socket } | false) => void,
    ) => callback(null, secure ? false : { connection: net.connect({ host: u.hostname, port, noDelay: true }) }),
    pool: true,
    maxConnections: connections,
    maxMessages: Infinity,
    host: u.hostname,
    port,
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
}

type Claimed = { campaign_id: string; subscriber_id: string; email: string; attempts: number; subscribed: boolean }
type Outcome = { row: Claimed; result: 'sent' | 'failed' | 'retry' | 'skipped'; error?: string; permanent?: boolean }
type Transport = ReturnType<typeof createNewsletterTransport>

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function startNewsletterSender(payload: Payload, { rate = newsletterRate() } = {}) {
  const pool = poolOf(payload)
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  // With no rate limit, several connections at once, so one slow answer from the mail server does
  // not hold up the rest (16: as fast as 32 on a local relay, with a smaller peak of memory).
  const connections = rate > 0 ? 5 : UNLIMITED_CONNECTIONS
  const transport = createNewsletterTransport(connections)
  const from = process.env.MAIL_FROM ?? 'no-reply@localhost'
  const renderers = new Map<string, { at: number; band: BandForEmail; render: ReturnType<typeof campaignRenderer> }>()
  let stopped = false
  let lastHousekeeping = 0

  const renderer = async (campaignId: string) => {
    const cached = renderers.get(campaignId)
    if (cached && Date.now() - cached.at < 60_000) return cached.render
    const { rows } = await pool.query<{ subject: string; body: string }>(
      `SELECT subject, body FROM campaigns WHERE id = $1`,
      [campaignId],
    )
    const band = await bandForEmail(payload)
    const render = campaignRenderer(band, rows[0]?.subject ?? '', rows[0]?.body ?? '')
    renderers.set(campaignId, { at: Date.now(), band, render })
    return render
  }

  const housekeeping = async () => {
    if (Date.now() - lastHousekeeping < HOUSEKEEPING_MS) return
    lastHousekeeping = Date.now()
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

  const claim = async (): Promise<Claimed[]> => {
    const size = rate > 0 ? Math.max(1, Math.min(BATCH, Math.ceil(rate))) : BATCH
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
  const pace = async (n: number): Promise<number> => {
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

  const sendOne = async (row: Claimed, transportNow: Transport): Promise<Outcome> => {
    if (!row.subscribed) return { row, result: 'skipped' }
    try {
      const render = await renderer(row.campaign_id)
      const band = renderers.get(row.campaign_id)!.band
      const mail = render(row.subscriber_id)
      await transportNow.sendMail({
        from: { name: band.name, address: from },
        to: row.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
      })
      return { row, result: 'sent' }
    } catch (error) {
      const message = (error as Error).message?.slice(0, 500) ?? 'Unknown error'
      if (isPermanentSmtpFailure(error)) return { row, result: 'failed', error: message, permanent: true }
      return { row, result: row.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry', error: message }
    }
  }

  const record = async (outcomes: Outcome[]) => {
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
    // Most of the first 100 sends failing pauses the campaign, with the last error as the reason.
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

  const loop = async () => {
    while (!stopped) {
      try {
        await housekeeping()
        const rows = await claim()
        if (rows.length === 0) {
          await sleep(IDLE_MS)
          continue
        }
        const spacing = await pace(rows.filter((r) => r.subscribed).length)
        const outcomes: Outcome[] = []
        let next = 0
        // As many sends at once as the SMTP pool has connections, spaced when a rate is set.
        const workers = Array.from({ length: rate > 0 ? 1 : connections / LOOPS }, async () => {
          while (next < rows.length) {
            const row = rows[next++]!
            outcomes.push(await sendOne(row, transport))
            if (spacing && row.subscribed) await sleep(spacing)
          }
        })
        await Promise.all(workers)
        await record(outcomes)
      } catch (error) {
        payload.logger.warn(`Newsletter sender: ${(error as Error).message}`)
        await sleep(IDLE_MS)
      }
    }
  }

  const loops = Array.from({ length: LOOPS }, () => loop())
  return {
    workerId,
    stop: async () => {
      stopped = true
      await Promise.all(loops)
      transport.close()
    },
  }
}

/** Scheduled campaigns whose time has come start: their recipients are written, once. */
export async function startDueCampaigns(pool: Pool): Promise<void> {
  const { rows } = await pool.query<{ id: string }>(
    `SELECT id FROM campaigns WHERE status = 'scheduled' AND scheduled_at <= now()`,
  )
  for (const { id } of rows) {
    const client = await pool.connect()
    try {
      await client.query('BEGIN')
      const started = await client.query(
        `UPDATE campaigns SET status = 'sending', started_at = now(), updated_at = now()
          WHERE id = $1 AND status = 'scheduled' RETURNING id`,
        [id],
      )
      if (started.rowCount) await client.query(ADD_RECIPIENTS_SQL, [id])
      await client.query('COMMIT')
    } catch (error) {
      await client.query('ROLLBACK')
      throw error
    } finally {
      client.release()
    }
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
