import crypto from 'node:crypto'

/**
 * The signed part of a local upload URL, `/api/objects/put/<id>/<expires>/<signature>`:
 * the HMAC covers the upload id and the expiry (seconds since the epoch).
 */
export type UploadToken = { id: string; expires: number; audio?: boolean }

// An audio upload's token is signed apart, so an image URL cannot take a 2 GB master nor the reverse.
const sign = (secret: string, id: string, expires: number, audio = false) =>
  crypto
    .createHmac('sha256', secret)
    .update(`object-upload:${audio ? 'audio:' : ''}${id}:${expires}`)
    .digest('base64url')

export function signUploadToken(secret: string, token: UploadToken): string {
  return `${token.id}/${token.expires}/${sign(secret, token.id, token.expires, token.audio)}`
}

export type TokenCheck = { ok: true; token: UploadToken } | { ok: false; reason: 'invalid' | 'expired' }

/** Checks `<id>/<expires>/<signature>`, or `audio/<id>/<expires>/<signature>` for an audio upload. */
export function verifyUploadToken(secret: string, segments: readonly string[], now = Date.now()): TokenCheck {
  const audio = segments.length === 4 && segments[0] === 'audio'
  if (segments.length !== 3 && !audio) return { ok: false, reason: 'invalid' }
  const [id, expiresText, signature] = segments.slice(audio ? 1 : 0) as [string, string, string]
  if (!/^\d{1,12}$/.test(expiresText)) return { ok: false, reason: 'invalid' }
  const expires = Number(expiresText)
  const expected = Buffer.from(sign(secret, id, expires, audio))
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' }
  if (expires * 1000 < now) return { ok: false, reason: 'expired' }
  return { ok: true, token: { id, expires, ...(audio ? { audio } : {}) } }
}
