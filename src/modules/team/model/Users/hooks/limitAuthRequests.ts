import type { CollectionBeforeOperationHook } from 'payload'

import { Refusal } from '@/platform/db/refusal'
import { countHit, LIMITS, slowRepeatedSignIn, tooManyRequests } from '@/platform/http/attempts'
import { clientAddressOf } from '@/platform/http/clientAddress'

/**
 * Payload's own sign-in and password-reset endpoints (REST and /cms) get the per-address limits
 * of the site's routes, answered with a 429 that says how long to wait and a Retry-After; every
 * sign-in, whatever its path, is slowed when one account sees repeated attempts (instead of a
 * lockout anyone could trigger against the owner).
 */
export const limitAuthRequests: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  const limit =
    operation === 'login'
      ? 'signIn'
      : operation === 'forgotPassword' || operation === 'resetPassword'
        ? 'passwordReset'
        : null
  if (!limit) return args
  // The site's own routes limit their requests themselves and call Payload locally.
  if (req.payloadAPI !== 'local') {
    const { limit: max, windowSeconds } = LIMITS[limit]
    const { hits, retryAfter } = await countHit(req.payload, `${limit}:${clientAddressOf(req.headers)}`, windowSeconds)
    if (hits > max) {
      req.responseHeaders = new Headers({ 'Retry-After': String(retryAfter) })
      throw new Refusal('tooMany', tooManyRequests(limit, retryAfter), { retryAfterSeconds: retryAfter })
    }
  }
  const email = (args as { data?: { email?: unknown } }).data?.email
  if (operation === 'login' && typeof email === 'string' && email) await slowRepeatedSignIn(req.payload, email)
  return args
}
