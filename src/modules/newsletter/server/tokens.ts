import crypto from 'node:crypto'

import { payloadSecret } from '@/platform/runtime/secret'

/**
 * The newsletter's tokens. The unsubscribe token is `<subscriber id>.<HMAC-SHA256 of the id with
 * the app secret>`: it cannot be guessed, and it names one subscriber only (changing the id
 * breaks the signature). It needs no storage and stays valid as long as the secret does, which is
 * what a link in an old email needs. The confirmation token is random and single-use: only its
 * SHA-256 is stored, and confirming clears it.
 */

const signature = (purpose: string, id: string) =>
  crypto.createHmac('sha256', payloadSecret()).update(`newsletter:${purpose}:${id}`).digest('base64url')

export const unsubscribeToken = (subscriberId: string) => `${subscriberId}.${signature('unsubscribe', subscriberId)}`

/** The subscriber id a well-signed unsubscribe token names, or null. */
export function verifyUnsubscribeToken(token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null
  const dot = token.indexOf('.')
  if (dot <= 0) return null
  const id = token.slice(0, dot)
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null
  const given = Buffer.from(token.slice(dot + 1))
  const expected = Buffer.from(signature('unsubscribe', id.toLowerCase()))
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id.toLowerCase() : null
}

export const newConfirmToken = () => crypto.randomBytes(24).toString('base64url')

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')
