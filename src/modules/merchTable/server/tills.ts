import 'server-only'

import crypto from 'node:crypto'

import { TZDate } from '@date-fns/tz'
import { sql } from '@payloadcms/db-postgres'

import type { MerchShow, TillLinkItem } from '@/modules/merchTable/contract/merchTypes'
import { showDay } from '@/platform/time/showTime'
import type { User } from '@/payload-types'

import { siteTimeZone, siteUrl } from '@/platform/runtime/env'
import { gone, invalid, notFound } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'
import { query } from '@/platform/db/transaction'
import { reserveTillCodes } from '@/modules/music'

/**
 * Till links: whoever holds one rings up sales for its show, with no account. The link carries a
 * long random token; only its SHA-256 is stored, so the database never holds a working link.
 */

/** How long after its end time a link still syncs the sales a phone made before the end. */
export const SYNC_GRACE_MS = 24 * 60 * 60 * 1000
/** 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

export const REVOKED_MESSAGE =
  'This till link was revoked by the band. Sales not yet sent stay on this phone: download them as CSV and give them to the band.'
export const EXPIRED_MESSAGE =
  'This till link has expired. Ask the band for a new link. Sales not yet sent stay on this phone and can be downloaded as CSV.'
export const TOO_LATE_MESSAGE =
  'This till link ended more than 24 hours ago, so it no longer sends sales. Download them as CSV and give them to the band.'

export type ShowRow = MerchShow
export type Till = { id: string; showId: string; expiresAt: string; revokedAt: string | null }
export type TillLink = Till & { url: string; token: string }
export type TillListItem = TillLinkItem

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

export const tillUrl = (token: string) => `${siteUrl()}/till/${token}`

/** The show, or 404. Its time zone is its own, else the band's, else the site's. */
export async function findShow(showId: string): Promise<ShowRow> {
  const rows = await query<{ id: string; title: string; venue: string; date: Date | string; zone: string | null }>(
    await payloadClient(),
    sql`SELECT s.id, s.title, s.venue, s.date, coalesce(s.time_zone, (SELECT time_zone FROM band_profile LIMIT 1)) AS zone
      FROM shows s WHERE s.id = ${showId}`,
  )
  const row = rows[0]
  if (!row) throw notFound('Show not found')
  return {
    id: row.id,
    title: row.title,
    venue: row.venue,
    date: new Date(row.date).toISOString(),
    timeZone: siteTimeZone(row.zone),
  }
}

/** The end of the show's day in its time zone, plus 12 hours: the night and the load-out. */
export function defaultTillExpiry(show: Pick<ShowRow, 'date' | 'timeZone'>): string {
  const [y, m, d] = showDay(show.date).split('-').map(Number) as [number, number, number]
  const nextMidnight = new TZDate(y, m - 1, d + 1, 0, 0, 0, show.timeZone)
  return new Date(nextMidnight.getTime() + 12 * 60 * 60 * 1000).toISOString()
}

const toTill = (r: {
  id: string
  show_id: string
  expires_at: Date | string
  revoked_at: Date | string | null
}): Till => ({
  id: r.id,
  showId: r.show_id,
  expiresAt: new Date(r.expires_at).toISOString(),
  revokedAt: r.revoked_at ? new Date(r.revoked_at).toISOString() : null,
})

/**
 * Makes a till link for the show (owner and manager), holding download codes of every active
 * release so it sells them offline. The token is shown once, in this answer.
 */
export async function createTill(user: User, showId: string, expiresAt?: string): Promise<TillLink> {
  const show = await findShow(showId)
  const expires = expiresAt ?? defaultTillExpiry(show)
  if (Date.parse(expires) <= Date.now()) {
    throw invalid('Please check the highlighted fields.', { expiresAt: 'Choose a time in the future' })
  }
  const token = crypto.randomBytes(32).toString('base64url')
  const rows = await query<Parameters<typeof toTill>[0]>(
    await payloadClient(),
    sql`INSERT INTO tills (show_id, token_hash, expires_at, created_by)
      VALUES (${show.id}, ${hashToken(token)}, ${expires}, ${user.id}) RETURNING id, show_id, expires_at, revoked_at`,
  )
  const till = toTill(rows[0]!)
  await reserveTillCodes(await payloadClient(), till.id)
  return { ...till, url: tillUrl(token), token }
}

/** Ends a link at once (owner and manager). Its sales stay; the phone can no longer send any. */
export async function revokeTill(showId: string, tillId: string): Promise<Till> {
  const rows = await query<Parameters<typeof toTill>[0]>(
    await payloadClient(),
    sql`UPDATE tills SET revoked_at = coalesce(revoked_at, now()) WHERE id = ${tillId} AND show_id = ${showId}
      RETURNING id, show_id, expires_at, revoked_at`,
  )
  if (!rows[0]) throw notFound('Till link not found')
  return toTill(rows[0])
}

/** The show's till links, newest first, with how many sales each sent. */
export async function listTills(showId: string): Promise<TillListItem[]> {
  const rows = await query<Parameters<typeof toTill>[0] & { created_at: Date | string; sales: string }>(
    await payloadClient(),
    sql`SELECT t.id, t.show_id, t.expires_at, t.revoked_at, t.created_at,
        (SELECT count(*) FROM till_sales s WHERE s.till_id = t.id) AS sales
      FROM tills t WHERE t.show_id = ${showId} ORDER BY t.created_at DESC, t.id`,
  )
  const now = Date.now()
  return rows.map((r) => {
    const till = toTill(r)
    return {
      ...till,
      createdAt: new Date(r.created_at).toISOString(),
      sales: Number(r.sales),
      state: till.revokedAt ? 'revoked' : Date.parse(till.expiresAt) <= now ? 'ended' : 'active',
    }
  })
}

/**
 * The till a token opens. `open` (the catalogue) needs a live link; `sync` (sending and voiding
 * sales) also works for 24 hours after the link's end time, never after a revocation. An unknown
 * token is 404, a revoked or ended one 410 with what the phone should do.
 */
export async function tillFromToken(token: string, use: 'open' | 'sync'): Promise<Till> {
  if (!TOKEN.test(token)) throw notFound('This till link does not exist.')
  const rows = await query<Parameters<typeof toTill>[0]>(
    await payloadClient(),
    sql`SELECT id, show_id, expires_at, revoked_at FROM tills WHERE token_hash = ${hashToken(token)}`,
  )
  if (!rows[0]) throw notFound('This till link does not exist.')
  const till = toTill(rows[0])
  if (till.revokedAt) throw gone(REVOKED_MESSAGE)
  const end = Date.parse(till.expiresAt)
  if (use === 'open' && end <= Date.now()) throw gone(EXPIRED_MESSAGE)
  if (use === 'sync' && end + SYNC_GRACE_MS <= Date.now()) throw gone(TOO_LATE_MESSAGE)
  return till
}
