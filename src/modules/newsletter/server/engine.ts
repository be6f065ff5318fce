import crypto from 'node:crypto'
import os from 'node:os'

import type { Payload } from 'payload'

import { isPermanentSmtpFailure } from '@/platform/email/sendEmailTask'
import { poolOf } from '@/platform/jobs/advisoryLock'

import { bandForEmail, campaignRenderer, type BandForEmail } from './emails'
import { createNewsletterTransport, newsletterRate } from './newsletterTransport'
import {
  claimRecipients,
  keepRecipientsHouse,
  pace,
  recordOutcomes,
  sleep,
  type Claimed,
  type Outcome,
} from './recipients'

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
const MAX_ATTEMPTS = 12
/** SMTP connections per server when NEWSLETTER_RATE is off (a relay that paces itself). */
const UNLIMITED_CONNECTIONS = 16

type Transport = ReturnType<typeof createNewsletterTransport>

/** Sends one claimed recipient its campaign, each campaign rendered once a minute at most. */
function campaignMailer(payload: Payload, transport: Transport) {
  const pool = poolOf(payload)
  const from = process.env.MAIL_FROM ?? 'no-reply@localhost'
  const renderers = new Map<string, { at: number; band: BandForEmail; render: ReturnType<typeof campaignRenderer> }>()

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

  return async (row: Claimed): Promise<Outcome> => {
    if (!row.subscribed) return { row, result: 'skipped' }
    try {
      const render = await renderer(row.campaign_id)
      const band = renderers.get(row.campaign_id)!.band
      const mail = render(row.subscriber_id)
      await transport.sendMail({
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
}

export function startNewsletterSender(payload: Payload, { rate = newsletterRate() } = {}) {
  const pool = poolOf(payload)
  const workerId = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`
  // With no rate limit, several connections at once, so one slow answer from the mail server does
  // not hold up the rest (16: as fast as 32 on a local relay, with a smaller peak of memory).
  const connections = rate > 0 ? 5 : UNLIMITED_CONNECTIONS
  const transport = createNewsletterTransport(connections)
  const sendOne = campaignMailer(payload, transport)
  const batchSize = rate > 0 ? Math.max(1, Math.min(BATCH, Math.ceil(rate))) : BATCH
  let stopped = false
  let lastHousekeeping = 0

  const housekeeping = async () => {
    if (Date.now() - lastHousekeeping < HOUSEKEEPING_MS) return
    lastHousekeeping = Date.now()
    await keepRecipientsHouse(pool, workerId)
  }

  const loop = async () => {
    while (!stopped) {
      try {
        await housekeeping()
        const rows = await claimRecipients(pool, batchSize, workerId)
        if (rows.length === 0) {
          await sleep(IDLE_MS)
          continue
        }
        const spacing = await pace(pool, rate, rows.filter((r) => r.subscribed).length)
        const outcomes: Outcome[] = []
        let next = 0
        // As many sends at once as the SMTP pool has connections, spaced when a rate is set.
        const workers = Array.from({ length: rate > 0 ? 1 : connections / LOOPS }, async () => {
          while (next < rows.length) {
            const row = rows[next++]!
            outcomes.push(await sendOne(row))
            if (spacing && row.subscribed) await sleep(spacing)
          }
        })
        await Promise.all(workers)
        await recordOutcomes(pool, outcomes)
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
