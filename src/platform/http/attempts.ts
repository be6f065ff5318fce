import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'

import { writeTogether } from '@/platform/db/writeTogether'

/** Per-address limits: requests allowed per window of seconds. */
export const LIMITS = {
  /** Sign-in attempts, shared by /api/auth/login and Payload's own login. */
  signIn: { limit: 30, windowSeconds: 10 * 60 },
  /** Password-reset requests and resets through Payload's API. */
  passwordReset: { limit: 10, windowSeconds: 10 * 60 },
  acceptInvite: { limit: 30, windowSeconds: 10 * 60 },
  newsletter: { limit: 10, windowSeconds: 10 * 60 },
  /** "Email me when it's back" requests: as many as newsletter sign-ups. */
  backInStock: { limit: 10, windowSeconds: 10 * 60 },
  /**
   * A crowd at the merch table shares the venue's one public address, and a pending order holds no
   * stock, so this limit only stops a flood.
   */
  orders: { limit: 300, windowSeconds: 10 * 60 },
  /** Checkout quotes: a fan asks one per country or code tried; this only stops a flood. */
  quotes: { limit: 1000, windowSeconds: 10 * 60 },
  /** Wrong discount codes: enough for typos, too few to guess codes. */
  discountCodes: { limit: 10, windowSeconds: 10 * 60 },
  /** A free release's download link asked by email: as many as newsletter sign-ups. */
  freeDownloads: { limit: 10, windowSeconds: 10 * 60 },
  /** Unknown download codes at /redeem: enough for typos, too few to guess codes. */
  downloadCodes: { limit: 10, windowSeconds: 10 * 60 },
  /** A fan asking for their own data by email: a few tries, as for newsletter sign-ups. */
  privacyRequests: { limit: 5, windowSeconds: 10 * 60 },
  /** A fan asking for a fresh download link by email: as many as privacy requests. */
  downloadLinks: { limit: 5, windowSeconds: 10 * 60 },
} as const

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a few minutes and try again.'

const LIMITED: Partial<Record<keyof typeof LIMITS, string>> = {
  signIn: 'sign-in attempts',
  passwordReset: 'password-reset requests',
  acceptInvite: 'attempts to accept an invitation',
  newsletter: 'newsletter sign-ups',
  backInStock: 'back-in-stock requests',
  discountCodes: 'wrong discount codes',
  downloadCodes: 'wrong download codes',
  privacyRequests: 'privacy requests',
  freeDownloads: 'free download requests',
  downloadLinks: 'download link requests',
}

/** What a client over a limit is told: what was limited, and how long to wait (rounded up to minutes). */
export function tooManyRequests(name: keyof typeof LIMITS, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `Too many ${LIMITED[name] ?? 'requests'}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`
}

/** Rows whose window started this long ago can no longer count, whatever their limit. */
const EXPIRED_AFTER = sql`interval '1 day'`
const SWEEP_EVERY_MS = 60_000
let lastSweep = 0

type Hit = { hits: number; retryAfter: number }

/** Hits for one key and window asked while its last statement is under way, counted by one statement. */
const countTogether = writeTogether(
  async (hits: { payload: Payload; key: string; windowSeconds: number }[]): Promise<Hit[]> => {
    const { payload, key, windowSeconds } = hits[0]!
    const { hits: total, retryAfter } = await addHits(payload, key, windowSeconds, hits.length)
    return hits.map((_, n) => ({ hits: total - hits.length + n + 1, retryAfter }))
  },
)

/**
 * Counts a hit for `key` in a fixed window kept in PostgreSQL, so a count holds across
 * instances. Returns the hits in the current window (this one included).
 *
 * Hits for one key that arrive while its statement is under way (a crowd on a venue's one
 * address) are counted together by the next statement, as if one after the other: each gets its
 * own count, in the order they arrived, and the row ends with all of them. A hundred orders at
 * once then make a few statements on the row rather than a hundred in turn.
 */
export function countHit(payload: Payload, key: string, windowSeconds: number): Promise<Hit> {
  return countTogether(`${windowSeconds} ${key}`, { payload, key, windowSeconds })
}

/** Adds `count` hits to `key`'s window (a new window when the last one is over): the hits after, with the wait. */
async function addHits(payload: Payload, key: string, windowSeconds: number, count: number): Promise<Hit> {
  if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = Date.now()
    await payload.db.drizzle.execute(sql`DELETE FROM rate_limits WHERE window_start < now() - ${EXPIRED_AFTER}`)
  }
  const result = await payload.db.drizzle.execute(sql`
    INSERT INTO rate_limits (key, window_start, hits) VALUES (${key}, now(), ${count})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN ${count} ELSE rate_limits.hits + ${count} END,
      window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE rate_limits.window_start END
    RETURNING hits, extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - now()))::int AS retry_after`)
  const row = result.rows[0] as { hits: number | string; retry_after: number | string }
  return { hits: Number(row.hits), retryAfter: Math.max(1, Number(row.retry_after)) }
}

/** The hits counted for `key` in its current window, without counting one. */
export async function peekHits(
  payload: Payload,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number }> {
  const result = await payload.db.drizzle.execute(sql`
    SELECT hits, extract(epoch FROM (window_start + make_interval(secs => ${windowSeconds}) - now()))::int AS retry_after
    FROM rate_limits WHERE key = ${key} AND window_start > now() - make_interval(secs => ${windowSeconds})`)
  const row = result.rows[0] as { hits: number | string; retry_after: number | string } | undefined
  return row ? { hits: Number(row.hits), retryAfter: Math.max(1, Number(row.retry_after)) } : { hits: 0, retryAfter: 0 }
}

/** Forgets a counter (e.g. failed sign-ins once the right password was given). */
export async function resetCount(payload: Payload, key: string): Promise<void> {
  await payload.db.drizzle.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`)
}

const FAILED_SIGN_IN_WINDOW_SECONDS = 15 * 60
const MAX_SIGN_IN_DELAY_MS = 2_000

/**
 * Slows guessing one account's password without ever locking its owner out: from the fourth
 * attempt in a row without success, each attempt waits 250 ms, then twice as long each time, at
 * most 2 s. A successful sign-in clears the count.
 */
export async function slowRepeatedSignIn(payload: Payload, email: string): Promise<void> {
  const { hits } = await countHit(payload, signInFailuresKey(email), FAILED_SIGN_IN_WINDOW_SECONDS)
  if (hits <= 3) return
  const delay = Math.min(MAX_SIGN_IN_DELAY_MS, 250 * 2 ** (hits - 4))
  await new Promise((resolve) => setTimeout(resolve, delay))
}

export const signInFailuresKey = (email: string) => `sign-in-attempts:${email.trim().toLowerCase()}`
