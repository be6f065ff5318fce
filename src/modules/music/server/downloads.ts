import 'server-only'

import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import {
  DOWNLOAD_FORMATS,
  type DownloadFormat,
  type DownloadLinkAnswer,
  type DownloadRelease,
} from '@/modules/music/contract/downloads'
import { payloadClient } from '@/platform/db/payload'
import { query, withTransaction } from '@/platform/db/transaction'
import { gone, notFound } from '@/platform/errors'
import { rateLimit } from '@/platform/http/rateLimit'

import {
  bandToday,
  createDownloadLink,
  downloadTokenHash,
  hasInstantTracks,
  liveGrant,
  sendDownloadLinkEmail,
} from './grants'
import { instantTracksOf } from './instantTracks'
import { readMusicSettings } from './musicSettings'
import { prepareZip } from './releaseZips'

export const LINK_NOT_VALID =
  'This download link is not valid. Enter your email on the downloads page to get a new one.'
export const LINK_EXPIRED = 'This download link has expired. Enter your email on the downloads page to get a new one.'
export const LINK_REVOKED = 'This download is no longer available: the purchase was refunded.'
export const RELEASE_NOT_FOUND = 'Release not found'
export const NOT_OUT_YET = 'This release is not out yet: the whole release downloads from its release date.'
export const limitReached = (limit: number) =>
  `You have used all ${limit} downloads of this release with this link. Enter your email on the downloads page to get a new link.`

/** At most this many fresh links are mailed to one address per hour, whoever asks. */
export const LINKS_PER_ADDRESS_PER_HOUR = 3

export type DownloadLink = { id: string; email: string; expiresAt: string }
type LinkRelease = {
  id: string
  title: string
  artworkUrl: string | null
  /** Out, and given by a grant not revoked. */
  live: boolean
  /** The release date of a pre-order (not revoked) not out yet. */
  availableOn: string | null
  used: number
}

/** The link a token stands for: 404 for an unknown token, 410 once expired. */
export async function linkOf(payload: Payload, token: string): Promise<DownloadLink> {
  const [row] = await query<{ id: string; email: string; expires_at: string; live: boolean }>(
    payload,
    sql`SELECT id, email, expires_at, expires_at > now() AS live FROM download_links
        WHERE token_sha256 = ${downloadTokenHash(token)}`,
  )
  if (!row) throw notFound(LINK_NOT_VALID)
  if (!row.live) throw gone(LINK_EXPIRED)
  return { id: row.id, email: row.email, expiresAt: new Date(row.expires_at).toISOString() }
}

/**
 * Every release the link's address was given that is out, or is a pre-order with instant tracks:
 * whether it may be downloaded today, the day a pre-order comes out, and its downloads so far.
 */
async function linkReleases(payload: Payload, link: DownloadLink): Promise<LinkRelease[]> {
  const today = await bandToday(payload)
  return query<LinkRelease>(
    payload,
    sql`SELECT r.id, r.title, r.artwork_url AS "artworkUrl", bool_or(${liveGrant(today)}) AS live,
          min(g.available_on::text) FILTER (WHERE g.revoked_at IS NULL AND g.available_on > ${today}::date)
            AS "availableOn",
          coalesce(max(u.count), 0)::int AS used
        FROM download_grants g JOIN releases r ON r.id = g.release_id
        LEFT JOIN download_uses u ON u.link_id = ${link.id} AND u.release_id = r.id
        WHERE g.email = ${link.email} AND (g.available_on IS NULL OR g.available_on <= ${today}::date
          OR (g.revoked_at IS NULL AND ${hasInstantTracks}))
        GROUP BY r.id ORDER BY r.release_date DESC, r.title`,
  )
}

/**
 * `GET /api/downloads/{token}`: the releases the link's address may download, each in both formats,
 * with the downloads left (per release, and the fewest at the top); a pre-order not out yet comes
 * with its release date and its instant tracks in both formats instead of the zips. 410 when
 * expired or when every release was refunded. Starts preparing the zips not made yet.
 */
export async function downloadLinkAnswer(token: string): Promise<DownloadLinkAnswer> {
  const payload = await payloadClient()
  const link = await linkOf(payload, token)
  const all = await linkReleases(payload, link)
  const usable = all.filter((r) => r.live || r.availableOn)
  if (all.length > 0 && usable.length === 0) throw gone(LINK_REVOKED)
  const live = usable.filter((r) => r.live)
  const instant = await instantTracksOf(
    payload,
    usable.filter((r) => !r.live).map((r) => r.id),
  )
  const { downloadsPerRelease } = await readMusicSettings(payload)
  const releases: DownloadRelease[] = usable.map((r) => ({
    id: r.id,
    title: r.title,
    artworkUrl: r.artworkUrl,
    downloadsLeft: Math.max(0, downloadsPerRelease - r.used),
    formats: r.live
      ? DOWNLOAD_FORMATS.map((format) => ({ format, url: `/api/downloads/${token}/${r.id}/${format}` }))
      : [],
    availableOn: r.live ? null : r.availableOn,
    tracks: r.live
      ? []
      : (instant.get(r.id) ?? []).map((t) => ({
          ...t,
          formats: DOWNLOAD_FORMATS.map((format) => ({
            format,
            url: `/api/downloads/${token}/${r.id}/tracks/${t.id}/${format}`,
          })),
        })),
  }))
  for (const r of live) for (const format of DOWNLOAD_FORMATS) prepareZip(payload, r.id, format)
  return {
    releases,
    expiresAt: link.expiresAt,
    downloadsLeft: releases.length ? Math.min(...releases.map((r) => r.downloadsLeft)) : 0,
  }
}

/**
 * The link and one of its releases the fan may download now: 404 for another release (and for a
 * pre-order not out yet, unless `preOrder` allows it: its instant tracks), 410 refunded.
 */
export async function linkRelease(payload: Payload, token: string, releaseId: string, preOrder = false) {
  const link = await linkOf(payload, token)
  const release = (await linkReleases(payload, link)).find((r) => r.id === releaseId)
  if (!release) throw notFound(RELEASE_NOT_FOUND)
  if (!release.live && !release.availableOn) throw gone(LINK_REVOKED)
  if (!release.live && !preOrder) throw notFound(NOT_OUT_YET)
  return { link, release }
}

/**
 * Counts one download of the release through the link, unless its limit is reached (410). Only a
 * transfer from the first byte counts: a Range request continuing it does not.
 */
export async function countDownload(payload: Payload, linkId: string, releaseId: string): Promise<void> {
  const { downloadsPerRelease } = await readMusicSettings(payload)
  const rows = await query(
    payload,
    sql`INSERT INTO download_uses (link_id, release_id, count) VALUES (${linkId}, ${releaseId}, 1)
        ON CONFLICT (link_id, release_id) DO UPDATE SET count = download_uses.count + 1, last_at = now()
        WHERE download_uses.count < ${downloadsPerRelease} RETURNING count`,
  )
  if (rows.length === 0) throw gone(limitReached(downloadsPerRelease))
}

/** Whether a format named in a URL is one the zips are made in. */
export const formatOf = (value: string): DownloadFormat | null =>
  (DOWNLOAD_FORMATS as readonly string[]).includes(value) ? (value as DownloadFormat) : null

/**
 * A fan who lost the link: an address with something to download now is mailed a fresh link for
 * all of it; any other address is mailed nothing (the caller answers the same either way). One
 * address is mailed at most LINKS_PER_ADDRESS_PER_HOUR links per hour (429 past it, known or not).
 */
export async function resendDownloadLink(email: string): Promise<void> {
  await rateLimit(`downloadRecipient:${email}`, LINKS_PER_ADDRESS_PER_HOUR, 60 * 60, (retryAfter) => {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60))
    return `Too many download link requests for this address. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
  })
  const payload = await payloadClient()
  await withTransaction(payload, async (tx) => {
    const url = await createDownloadLink(payload, email, tx.req)
    if (url) await sendDownloadLinkEmail(payload, email, url, tx.req)
  })
}
