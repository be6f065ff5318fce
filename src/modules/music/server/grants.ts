import { createHash, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'
import type { Payload, PayloadRequest } from 'payload'

import type { PreOrder } from '@/modules/music/contract/downloads'
import { query } from '@/platform/db/transaction'
import { enqueueEmail } from '@/platform/email/queue'
import { notFound } from '@/platform/errors'
import { siteTimeZone, siteUrl } from '@/platform/runtime/env'
import { calendarDayIn } from '@/platform/time/calendarDay'

import { downloadLinkEmail } from './downloadEmail'
import { readMusicSettings } from './musicSettings'

/** What gave an address its releases: a paid order or a redeemed code. */
export type GrantSource = { orderId: string } | { codeId: string }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A link's token is kept only as its SHA-256 (hex). */
export const downloadTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** Today in the band's time zone, the day a release's date is compared with. */
export async function bandToday(payload: Payload, req?: PayloadRequest): Promise<string> {
  const band = await payload.findGlobal({ slug: 'band-profile', depth: 0, overrideAccess: true, req })
  return calendarDayIn(siteTimeZone(band.timeZone))
}

/** The SQL condition of a grant the fan may use today: not revoked and its release day reached. */
export const liveGrant = (today: string) =>
  sql`g.revoked_at IS NULL AND (g.available_on IS NULL OR g.available_on <= ${today}::date)`

/** The SQL condition of a release (alias `r`) with at least one ready track marked instant. */
export const hasInstantTracks = sql`EXISTS (SELECT 1 FROM tracks t WHERE t.release_id = r.id AND t.instant AND t.status = 'ready')`

/**
 * The SQL condition of a grant that gives something to download today: its release is out, or it
 * is a pre-order whose release has instant tracks (downloadable at once, alone).
 */
export const usableGrant = (today: string) =>
  sql`(${liveGrant(today)} OR (g.revoked_at IS NULL AND EXISTS (
    SELECT 1 FROM releases r WHERE r.id = g.release_id AND ${hasInstantTracks})))`

/**
 * A fresh download link for everything `email` may download now (instant tracks of a pre-order too), stored as its token's hash and
 * valid for the settings' days; null (and no link) when the address may download nothing yet.
 */
export async function createDownloadLink(
  payload: Payload,
  email: string,
  req?: PayloadRequest,
): Promise<string | null> {
  const address = email.trim().toLowerCase()
  const today = await bandToday(payload, req)
  const [live] = await query<{ n: number }>(
    payload,
    sql`SELECT count(*)::int AS n FROM download_grants g WHERE g.email = ${address} AND ${usableGrant(today)}`,
    req,
  )
  if (!live?.n) return null
  const { linkValidDays } = await readMusicSettings(payload, req)
  const token = randomBytes(32).toString('base64url')
  await query(
    payload,
    sql`INSERT INTO download_links (token_sha256, email, expires_at)
        VALUES (${downloadTokenHash(token)}, ${address}, now() + make_interval(days => ${linkValidDays}))`,
    req,
  )
  return `${siteUrl()}/downloads/${token}`
}

/**
 * Gives `email` the releases, inside the caller's transaction when `req` is given. Idempotent per
 * (source, release). A release whose date is after today in the band's time zone is given from
 * that day (a pre-order), except its ready instant tracks, which are downloadable at once. Returns
 * the URL of a fresh download link (`${siteUrl}/downloads/${token}`, only the token's hash stored)
 * covering everything that address may download now, or null when nothing of these releases may be
 * downloaded yet (the release-day job mails the link on the day), and the pre-orders among them.
 * It sends no email: the caller puts the URL in its own email (or calls sendDownloadLinkEmail).
 * An unknown release is "Release not found" (404).
 */
export async function grantReleases(
  payload: Payload,
  input: { email: string; releaseIds: string[]; source: GrantSource; req?: PayloadRequest },
): Promise<{ downloadUrl: string | null; preOrders: PreOrder[] }> {
  const { source, req } = input
  const email = input.email.trim().toLowerCase()
  const ids = [...new Set(input.releaseIds)]
  if (ids.length === 0) return { downloadUrl: null, preOrders: [] }
  if (!ids.every((id) => UUID.test(id))) throw notFound('Release not found')
  const orderId = 'orderId' in source ? source.orderId : null
  const codeId = 'codeId' in source ? source.codeId : null
  const today = await bandToday(payload, req)
  const idList = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const releases = await query<{ id: string }>(payload, sql`SELECT id FROM releases WHERE id IN (${idList})`, req)
  if (releases.length !== ids.length) throw notFound('Release not found')
  await query(
    payload,
    sql`INSERT INTO download_grants (email, release_id, order_id, code_id, available_on)
        SELECT ${email}, r.id, ${orderId}::uuid, ${codeId},
          CASE WHEN r.release_date > ${today} THEN r.release_date::date END
        FROM releases r WHERE r.id IN (${idList})
        ON CONFLICT DO NOTHING`,
    req,
  )
  const [ready] = await query<{ n: number }>(
    payload,
    sql`SELECT count(*)::int AS n FROM download_grants g
        WHERE g.email = ${email} AND g.release_id IN (${idList}) AND ${usableGrant(today)}`,
    req,
  )
  const preOrders = await query<PreOrder>(
    payload,
    sql`SELECT r.title, r.release_date AS "availableOn",
          array(SELECT t.title FROM tracks t WHERE t.release_id = r.id AND t.instant AND t.status = 'ready'
                ORDER BY t.position, t.created_at) AS "instantTracks"
        FROM releases r WHERE r.id IN (${idList}) AND r.release_date > ${today}
        ORDER BY r.release_date, r.title`,
    req,
  )
  return { downloadUrl: ready?.n ? await createDownloadLink(payload, email, req) : null, preOrders }
}

/**
 * Enqueues (in the caller's transaction when `req` is given) the plain "Your download" email with
 * the link, saying what of each pre-order among `preOrders` it gives now.
 */
export async function sendDownloadLinkEmail(
  payload: Payload,
  email: string,
  downloadUrl: string,
  req?: PayloadRequest,
  preOrders: PreOrder[] = [],
): Promise<void> {
  const { linkValidDays, downloadsPerRelease } = await readMusicSettings(payload, req)
  await enqueueEmail(
    payload,
    email.trim().toLowerCase(),
    downloadLinkEmail(downloadUrl, linkValidDays, downloadsPerRelease, preOrders),
    req,
  )
}

/** A refunded order's grants are revoked: its links then answer 410 for those releases. */
export async function revokeOrderGrants(payload: Payload, orderId: string, req?: PayloadRequest): Promise<void> {
  if (!UUID.test(orderId)) return
  await query(
    payload,
    sql`UPDATE download_grants SET revoked_at = now() WHERE order_id = ${orderId}::uuid AND revoked_at IS NULL`,
    req,
  )
}
