import { describe, expect, it } from 'vitest'

import { signUploadToken, verifyUploadToken } from '@/platform/storage/uploadToken'

const SECRET = 'a-secret-a-secret-a-secret-a-secret-0123'
const ID = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b'
const now = 1_800_000_000_000

describe('local upload tokens', () => {
  const token = signUploadToken(SECRET, { id: ID, expires: now / 1000 + 900 })
  const parts = token.split('/')

  it('verify while fresh', () => {
    expect(verifyUploadToken(SECRET, parts, now)).toEqual({ ok: true, token: { id: ID, expires: now / 1000 + 900 } })
  })

  it('expire', () => {
    expect(verifyUploadToken(SECRET, parts, now + 901_000)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuse any change and another secret', () => {
    const [id, expires, sig] = parts as [string, string, string]
    expect(verifyUploadToken(SECRET, [id.replace('3f', '4f'), expires, sig], now).ok).toBe(false)
    expect(verifyUploadToken(SECRET, [id, String(Number(expires) + 1), sig], now).ok).toBe(false)
    expect(verifyUploadToken(SECRET, [id, expires, sig.slice(1)], now).ok).toBe(false)
    expect(verifyUploadToken(SECRET, [id, expires], now).ok).toBe(false)
    expect(verifyUploadToken('another-secret-another-secret-0123456789', parts, now).ok).toBe(false)
  })

  it('keep audio uploads apart: an image token is no audio token, nor the reverse', () => {
    const audio = signUploadToken(SECRET, { id: ID, expires: now / 1000 + 900, audio: true }).split('/')
    expect(verifyUploadToken(SECRET, ['audio', ...audio], now)).toEqual({
      ok: true,
      token: { id: ID, expires: now / 1000 + 900, audio: true },
    })
    expect(verifyUploadToken(SECRET, audio, now).ok).toBe(false)
    expect(verifyUploadToken(SECRET, ['audio', ...parts], now).ok).toBe(false)
  })
})
