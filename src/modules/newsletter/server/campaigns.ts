import 'server-only'

import { sql } from '@payloadcms/db-postgres'

import type { Campaign } from '@/modules/newsletter/contract/types'
import type { CampaignInput } from '@/modules/newsletter/contract/campaign'
import type { CampaignStatus } from '@/modules/newsletter/contract/subscriberStatus'
import type { User } from '@/payload-types'

import { enqueueEmails } from '@/platform/email/queue'
import { conflict, notFound } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { query, withTransaction, type Tx } from '@/platform/db/transaction'

import { bandForEmail, campaignRenderer } from './emails'
import { ADD_RECIPIENTS_SQL, IN_AUDIENCE_SQL } from './recipients'

type Raw = {
  id: string
  subject: string
  body: string
  audience_city: string | null
  audience_state: string | null
  status: CampaignStatus
  scheduled_at: string | null
  started_at: string | null
  finished_at: string | null
  pause_reason: string | null
  show_id: string | null
  created_at: string
  recipients: number
  sent: number
  failed: number
  audience_size: number | null
}

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS ${column.split('.').pop()}`)

const SELECT = sql`SELECT c.id, c.subject, c.body, c.audience_city, c.audience_state, c.status, c.pause_reason, c.show_id,
    ${iso('c.scheduled_at')}, ${iso('c.started_at')}, ${iso('c.finished_at')}, ${iso('c.created_at')},
    COALESCE(n.recipients, 0)::int AS recipients, COALESCE(n.sent, 0)::int AS sent, COALESCE(n.failed, 0)::int AS failed,
    a.audience_size
  FROM campaigns c LEFT JOIN LATERAL (
    SELECT count(*) AS recipients, count(*) FILTER (WHERE r.status = 'sent') AS sent,
      count(*) FILTER (WHERE r.status = 'failed') AS failed
    FROM campaign_recipients r WHERE r.campaign_id = c.id) n ON TRUE
  LEFT JOIN LATERAL (
    SELECT count(*)::int AS audience_size FROM subscribers s
    WHERE s.status = 'confirmed' AND ${sql.raw(IN_AUDIENCE_SQL)}
  ) a ON c.status IN ('draft', 'scheduled')`

const toCampaign = (r: Raw): Campaign => ({
  id: r.id,
  subject: r.subject,
  body: r.body,
  audience: { city: r.audience_city, state: r.audience_state },
  status: r.status,
  scheduledAt: r.scheduled_at,
  startedAt: r.started_at,
  finishedAt: r.finished_at,
  pauseReason: r.pause_reason,
  showId: r.show_id,
  createdAt: r.created_at,
  counts: { recipients: r.recipients, sent: r.sent, failed: r.failed },
  audienceSize: r.audience_size,
})

export async function listCampaigns(): Promise<Campaign[]> {
  const payload = await payloadClient()
  const rows = await query<Raw>(payload, sql`${SELECT} ORDER BY c.created_at DESC, c.id DESC LIMIT 200`)
  return rows.map(toCampaign)
}

async function find(id: string, tx?: Tx, lock = false): Promise<Campaign> {
  const payload = await payloadClient()
  const statement = lock ? sql`${SELECT} WHERE c.id = ${id} FOR UPDATE OF c` : sql`${SELECT} WHERE c.id = ${id}`
  const rows = tx ? await tx.execute<Raw>(statement) : await query<Raw>(payload, statement)
  if (!rows[0]) throw notFound('Campaign not found')
  return toCampaign(rows[0])
}

export const getCampaign = (id: string) => find(id)

const clean = (v: string | undefined | null) => (v && v.trim() ? v.trim() : null)

export async function createCampaign(user: User, input: CampaignInput, showId?: string): Promise<Campaign> {
  const payload = await payloadClient()
  const doc = await payload.create({
    collection: 'campaigns',
    data: {
      subject: input.subject,
      body: input.body,
      audienceCity: clean(input.audience?.city),
      audienceState: clean(input.audience?.state),
      status: 'draft',
      firstAttempts: 0,
      firstFailures: 0,
      showId: showId ?? null,
    },
    overrideAccess: false,
    user,
  })
  return find(String(doc.id))
}

const stateConflict = (c: Campaign, what: string) => conflict(`This campaign is ${c.status}: ${what}.`)

export async function updateCampaign(user: User, id: string, input: CampaignInput): Promise<Campaign> {
  const payload = await payloadClient()
  await withTransaction(payload, async (tx) => {
    const current = await find(id, tx, true)
    if (current.status !== 'draft') throw stateConflict(current, 'only drafts can be edited')
    await payload.update({
      collection: 'campaigns',
      id,
      data: {
        subject: input.subject,
        body: input.body,
        audienceCity: clean(input.audience?.city),
        audienceState: clean(input.audience?.state),
      },
      overrideAccess: false,
      user,
      req: tx.req,
    })
  })
  return find(id)
}

export async function deleteCampaign(user: User, id: string): Promise<void> {
  const payload = await payloadClient()
  await withTransaction(payload, async (tx) => {
    const current = await find(id, tx, true)
    if (current.status !== 'draft') throw stateConflict(current, 'only drafts can be deleted')
    await payload.delete({ collection: 'campaigns', id, overrideAccess: false, user, req: tx.req })
  })
}

/** The campaign as a subscriber will get it, sent at once to the signed-in team member. */
export async function sendTest(user: User, id: string): Promise<Campaign> {
  const payload = await payloadClient()
  const campaign = await find(id)
  const band = await bandForEmail(payload)
  const mail = campaignRenderer(band, `[Test] ${campaign.subject}`, campaign.body)(null)
  await enqueueEmails(payload, [{ to: user.email, content: mail, fromName: band.name }])
  return campaign
}

/**
 * Sends a draft now (its recipients are written in the same transaction, so the list is the
 * confirmed subscribers of that moment) or schedules it for `at`.
 */
export async function sendCampaign(id: string, at?: string): Promise<Campaign> {
  const payload = await payloadClient()
  const when = at ? new Date(at) : null
  await withTransaction(payload, async (tx) => {
    const current = await find(id, tx, true)
    if (current.status !== 'draft' && current.status !== 'scheduled')
      throw stateConflict(current, 'it cannot be sent again')
    if (when && when.getTime() > Date.now()) {
      await tx.execute(sql`UPDATE campaigns SET status = 'scheduled', scheduled_at = ${when.toISOString()},
        updated_at = now() WHERE id = ${id}`)
      return
    }
    await tx.execute(sql`UPDATE campaigns SET status = 'sending', scheduled_at = NULL, started_at = now(),
      updated_at = now() WHERE id = ${id}`)
    await tx.execute(sql.raw(ADD_RECIPIENTS_SQL.replace('$1', `'${id}'::uuid`)))
  })
  return find(id)
}

const MOVES: Record<'pause' | 'resume' | 'cancel', { from: CampaignStatus[]; to: CampaignStatus; what: string }> = {
  pause: {
    from: ['sending', 'scheduled'],
    to: 'paused',
    what: 'only a scheduled campaign or one being sent can be paused',
  },
  resume: { from: ['paused'], to: 'sending', what: 'only a paused campaign can be resumed' },
  cancel: {
    from: ['draft', 'scheduled', 'sending', 'paused'],
    to: 'cancelled',
    what: 'it is already finished',
  },
}

/** Pause, resume or cancel. Resuming clears a self-pause and counts the next 100 sends afresh. */
export async function moveCampaign(id: string, move: keyof typeof MOVES): Promise<Campaign> {
  const payload = await payloadClient()
  const { from, to, what } = MOVES[move]
  await withTransaction(payload, async (tx) => {
    const current = await find(id, tx, true)
    if (!from.includes(current.status)) throw stateConflict(current, what)
    if (move === 'resume') {
      // A campaign paused before its time goes back to waiting for it.
      await tx.execute(sql`UPDATE campaigns SET pause_reason = NULL, first_attempts = 0,
        status = CASE WHEN started_at IS NULL AND scheduled_at IS NOT NULL THEN 'scheduled'::enum_campaigns_status
          ELSE 'sending'::enum_campaigns_status END,
        first_failures = 0, updated_at = now() WHERE id = ${id}`)
    } else {
      await tx.execute(sql`UPDATE campaigns SET status = ${to}, updated_at = now(),
        finished_at = CASE WHEN ${to} = 'cancelled' THEN now() ELSE finished_at END WHERE id = ${id}`)
    }
    if (move === 'cancel') {
      await tx.execute(
        sql`UPDATE campaign_recipients SET status = 'skipped' WHERE campaign_id = ${id} AND status = 'queued'`,
      )
    }
  })
  return find(id)
}
