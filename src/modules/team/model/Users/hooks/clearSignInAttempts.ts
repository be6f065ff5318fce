import type { CollectionAfterLoginHook } from 'payload'

import { resetCount, signInFailuresKey } from '@/platform/http/attempts'

/** A successful sign-in ends the slowing of that account's attempts. */
export const clearSignInAttempts: CollectionAfterLoginHook = async ({ req, user }) => {
  if (typeof user?.email === 'string') await resetCount(req.payload, signInFailuresKey(user.email))
}
