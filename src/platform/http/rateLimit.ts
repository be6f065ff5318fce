import 'server-only'

import { countHit, LIMITS, peekHits, TOO_MANY_REQUESTS, tooManyRequests } from './attempts'
import { clientAddressOf } from './clientAddress'
import { tooMany } from '@/platform/errors'
import { payloadClient } from '@/platform/db/payload'

/** Counts a hit for `key`; throws 429 with Retry-After once `limit` is passed. */
export async function rateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
  message: (retryAfter: number) => string = () => TOO_MANY_REQUESTS,
): Promise<void> {
  const { hits, retryAfter } = await countHit(await payloadClient(), key, windowSeconds)
  if (hits > limit) throw tooMany(message(retryAfter), retryAfter)
}

/** Applies one of LIMITS to the request's client address. */
export async function limitByAddress(request: { headers: Headers }, name: keyof typeof LIMITS): Promise<void> {
  const { limit, windowSeconds } = LIMITS[name]
  await rateLimit(`${name}:${clientAddressOf(request.headers)}`, limit, windowSeconds, (retryAfter) =>
    tooManyRequests(name, retryAfter),
  )
}

/**
 * Refuses (429) a client address already over one of LIMITS without counting this request: for
 * limits that count failures only, so a client over the limit cannot tell a right guess from a wrong one.
 */
export async function refuseOverLimit(request: { headers: Headers }, name: keyof typeof LIMITS): Promise<void> {
  const { limit, windowSeconds } = LIMITS[name]
  const { hits, retryAfter } = await peekHits(
    await payloadClient(),
    `${name}:${clientAddressOf(request.headers)}`,
    windowSeconds,
  )
  if (hits >= limit) throw tooMany(tooManyRequests(name, retryAfter), retryAfter)
}
