import crypto from 'node:crypto'

import { payloadSecret } from '@/platform/runtime/secret'

/**
 * The bearer token that lets a script on the site's own machine ask a running server to refresh
 * its public pages: derived from the site's secret, so only holders of the secret know it.
 */
export function revalidateToken(secret = payloadSecret()): string {
  return crypto.createHmac('sha256', secret).update('revalidate-public-pages').digest('base64url')
}

export function isRevalidateToken(header: string | null): boolean {
  const given = Buffer.from((header ?? '').replace(/^Bearer\s+/i, ''))
  const expected = Buffer.from(revalidateToken())
  return given.length === expected.length && crypto.timingSafeEqual(given, expected)
}
