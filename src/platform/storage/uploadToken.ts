import crypto from 'node:crypto'

/**
 * The signed part of a local upload URL, `/api/objects/put/<id>/<expires>/<signature>`:
 * the HMAC covers the upload id and the expiry (seconds since the epoch).
 */
export type UploadToken = { id: string; expires: number }

const sign = (secret: string, id: string, expires: number) =>
  crypto.createHmac('sha256', secret).update(`object-upload:${id}:${expires}`).digest('base64url')

export function signUploadToken(secret: string, token: UploadToken): string {
  return `${token.id}/${token.expires}/${sign(secret, token.id, token.expires)}`
}

export type TokenCheck = { ok: true; token: UploadToken } | { ok: false; reason: 'invalid' | 'expired' }

export function verifyUploadToken(secret: string, segments: readonly string[], now = Date.now()): TokenCheck {
  if (segments.length !== 3) return { ok: false, reason: 'invalid' }
  const [id, expiresText, signature] = segments as [string, string, string]
  if (!/^\d{1,12}$/.test(expiresText)) return { ok: false, reason: 'invalid' }
  const expires = Number(expiresText)
  const expected = Buffer.from(sign(secret, id, expires))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' }
  if (expires * 1000 < now) return { ok: false, reason: 'expired' }
  return { ok: true, token: { id, expires } }
}
