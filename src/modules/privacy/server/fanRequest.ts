import 'server-only'

import { createHash, randomBytes } from 'node:crypto'

import { sql } from '@payloadcms/db-postgres'

import type { ErasureCounts, PersonalData } from '@/modules/privacy/contract'
import { payloadClient } from '@/platform/db/payload'
import { query, withTransaction } from '@/platform/db/transaction'
import { enqueueEmail } from '@/platform/email/queue'
import { gone, notFound } from '@/platform/errors'
import { rateLimit } from '@/platform/http/rateLimit'
import { siteUrl } from '@/platform/runtime/env'

import { privacyLinkEmail } from './fanEmail'
import { erasePersonalData, findPersonalData } from './privacy'

/** A fan's link works for one hour; an erasure spends it. */
export const LINK_VALID_MINUTES = 60
/** At most this many links are mailed to one address per hour, whoever asks. */
export const LINKS_PER_ADDRESS_PER_HOUR = 3

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

const holdsAnything = (data: PersonalData) =>
  data.subscriber !== null ||
  Object.entries(data).some(([key, value]) => key !== 'email' && Array.isArray(value) && value.length > 0)

/**
 * A fan asks what the site holds for their address. An address the site holds something for is
 * mailed a link (random; only its hash is kept) that works for an hour; an unknown address is
 * mailed nothing, and the caller answers the same either way. One address is mailed at most
 * LINKS_PER_ADDRESS_PER_HOUR links per hour (429 past it, known or not).
 */
export async function requestPrivacyLink(email: string): Promise<void> {
  await rateLimit(`privacyRecipient:${email}`, LINKS_PER_ADDRESS_PER_HOUR, 60 * 60, (retryAfter) => {
    const minutes = Math.max(1, Math.ceil(retryAfter / 60))
    return `Too many privacy requests for this address. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
  })
  const payload = await payloadClient()
  if (!holdsAnything(await findPersonalData(payload, email))) return
  const token = randomBytes(32).toString('base64url')
  await withTransaction(payload, async (tx) => {
    await tx.execute(sql`INSERT INTO privacy_requests (token_sha256, email, expires_at)
      VALUES (${tokenHash(token)}, ${email}, now() + make_interval(mins => ${LINK_VALID_MINUTES}))`)
    await enqueueEmail(payload, email, privacyLinkEmail(`${siteUrl()}/privacy/request/${token}`), tx.req)
  })
}

/** The address a link's token stands for: 404 for an unknown token, 410 once expired or spent. */
export async function addressOfToken(token: string): Promise<string> {
  const [row] = await query<{ email: string; live: boolean }>(
    await payloadClient(),
    sql`SELECT email, (expires_at > now() AND used_at IS NULL) AS live
        FROM privacy_requests WHERE token_sha256 = ${tokenHash(token)}`,
  )
  if (!row) throw notFound('This link is not valid. Please ask for a new one.')
  if (!row.live) throw gone('This link has expired or was already used. Please ask for a new one.')
  return row.email
}

/** What the site holds for the link's address (404/410 as addressOfToken). */
export async function personalDataOfToken(token: string): Promise<PersonalData> {
  return findPersonalData(await payloadClient(), await addressOfToken(token))
}

/**
 * Erases what the site holds for the link's address, as the owner's erasure does (and logged the
 * same way, with nobody as who asked), and spends the link: a second erasure with it is refused (410).
 */
export async function eraseByToken(token: string): Promise<ErasureCounts> {
  const payload = await payloadClient()
  const [row] = await query<{ email: string }>(
    payload,
    sql`UPDATE privacy_requests SET used_at = now()
        WHERE token_sha256 = ${tokenHash(token)} AND used_at IS NULL AND expires_at > now() RETURNING email`,
  )
  if (!row) {
    await addressOfToken(token)
    throw gone('This link has expired or was already used. Please ask for a new one.')
  }
  return erasePersonalData(payload, row.email, null)
}
