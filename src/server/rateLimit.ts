import 'server-only'

import { countHit, LIMITS, TOO_MANY_REQUESTS, tooManyRequests } from './attempts'
import { clientAddressOf } from './clientAddress'
import { HttpError } from './errors'
import { payloadClient } from './payload'

/** Counts a hit for `key`; throws 429 with Retry-After once `limit` is passed. */
export async function rateLimit(
  key: string,
  limit: number,
  windowSeconds: number,
  message: (retryAfter: number) => string = () => TOO_MANY_REQUESTS,
): Promise<void> {
  const { hits, retryAfter } = await countHit(await payloadClient(), key, windowSeconds)
  if (hits > limit) throw new HttpError(429, message(retryAfter), undefined, { 'Retry-After': String(retryAfter) })
}

/** Applies one of LIMITS to the request's client address. */
export async function limitByAddress(request: { headers: Headers }, name: keyof typeof LIMITS): Promise<void> {
  const { limit, windowSeconds } = LIMITS[name]
  await rateLimit(`${name}:${clientAddressOf(request.headers)}`, limit, windowSeconds, (retryAfter) =>
    tooManyRequests(name, retryAfter),
  )
}
