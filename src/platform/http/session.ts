import 'server-only'

import { createPayloadRequest, logoutOperation, type Payload } from 'payload'
import { generateExpiredPayloadCookie, generatePayloadCookie } from 'payload/shared'

import config from '@payload-config'

export function sessionCookie(payload: Payload, token: string): string {
  return generatePayloadCookie({
    collectionAuthConfig: payload.collections.users.config.auth,
    cookiePrefix: payload.config.cookiePrefix,
    token,
  })
}

export function expiredSessionCookie(payload: Payload): string {
  return generateExpiredPayloadCookie({
    collectionAuthConfig: payload.collections.users.config.auth,
    cookiePrefix: payload.config.cookiePrefix,
  })
}

/** Ends the request's session server-side (the token stops working at once). */
export async function endSession(request: Request): Promise<void> {
  const req = await createPayloadRequest({ config, request })
  if (!req.user) return
  await logoutOperation({ collection: req.payload.collections.users, req })
}
