import { describe, expect, it } from 'vitest'

import {
  isObjectKey,
  isPrivateKey,
  masterKeyFromAudioURL,
  normalizeImagePath,
  objectKeyOf,
  objectPathFromUploadURL,
  isImagePath,
} from '@/lib/objectPath'

const ID = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b'

describe('normalizeImagePath (image paths get the /objects/ prefix)', () => {
  it('adds /objects/ to a bare or rooted path', () => {
    expect(normalizeImagePath(`uploads/${ID}`)).toBe(`/objects/uploads/${ID}`)
    expect(normalizeImagePath(`/uploads/${ID}`)).toBe(`/objects/uploads/${ID}`)
    expect(normalizeImagePath('media/abc.png')).toBe('/objects/media/abc.png')
  })

  it('keeps an /objects/ path, empty values and other sites’ URLs as they are', () => {
    expect(normalizeImagePath('/objects/media/abc.png')).toBe('/objects/media/abc.png')
    expect(normalizeImagePath('')).toBe('')
    expect(normalizeImagePath(null)).toBeNull()
    expect(normalizeImagePath('https://cdn.example.com/a.jpg')).toBe('https://cdn.example.com/a.jpg')
    expect(normalizeImagePath('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
  })

  it('turns an upload URL (local or presigned) into its /objects/ path, so it never expires', () => {
    expect(normalizeImagePath(`https://band.example/api/objects/put/${ID}/1790000000/abcDEF_-12`)).toBe(
      `/objects/uploads/${ID}`,
    )
    expect(
      normalizeImagePath(
        `https://s3.example.com/bucket/uploads/${ID}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=ff`,
      ),
    ).toBe(`/objects/uploads/${ID}`)
    expect(normalizeImagePath(`https://bucket.s3.amazonaws.com/uploads/${ID}?X-Amz-Signature=ff`)).toBe(
      `/objects/uploads/${ID}`,
    )
  })
})

describe('objectPathFromUploadURL', () => {
  it('answers null for URLs that are not uploads', () => {
    expect(objectPathFromUploadURL('https://example.com/cat.jpg')).toBeNull()
    expect(objectPathFromUploadURL(`https://example.com/uploads/${ID}/../x`)).toBeNull()
    expect(objectPathFromUploadURL('not a url at all ::')).toBeNull()
  })
})

describe('object keys', () => {
  it('accepts only keys the server makes', () => {
    expect(isObjectKey(`uploads/${ID}`)).toBe(true)
    expect(isObjectKey(`media/${'a'.repeat(64)}.jpg`)).toBe(true)
    expect(isObjectKey(`media/${'a'.repeat(64)}-640x480.webp`)).toBe(true)
    for (const bad of [
      '../etc/passwd',
      'media/../x',
      'media/..',
      '/etc/passwd',
      'media//x',
      'media/a/b.png',
      'uploads/x',
      'other/a.png',
      'media/.hidden',
      'media/a\\..\\b',
      'media/a%2f..',
    ]) {
      expect(isObjectKey(bad), bad).toBe(false)
    }
  })

  it('objectKeyOf reads /objects/ paths only', () => {
    expect(objectKeyOf(`/objects/uploads/${ID}`)).toBe(`uploads/${ID}`)
    expect(objectKeyOf(`/uploads/${ID}`)).toBeNull()
    expect(objectKeyOf('/objects/../secret')).toBeNull()
  })
})

describe('image paths as every path saves them', () => {
  it.each([
    ['/objects/media/tee.png', true],
    ['/objects/uploads/0b6f8f0e-4a55-4f6e-9d5c-0f4a1e2b3c4d', true],
    ['javascript:alert(1)', false],
    ['https://tracker.example/pixel.png', false],
    ['//tracker.example/pixel.png', false],
    ['data:image/png;base64,AAAA', false],
    ['/objects/../api/logout', false],
    ['/objects/media/a.png) , url(https://x.example', false],
    ['/objects/media/a".png', false],
    ['/api/logout', false],
  ])('%s → %s', (value, ok) => {
    expect(isImagePath(value)).toBe(ok)
  })
})

describe('audio masters', () => {
  const id = '3f2b8c1e-1234-4abc-8def-0123456789ab'

  it('reads the master key of an audio upload URL or path, and of nothing else', () => {
    expect(masterKeyFromAudioURL(`http://localhost:3000/api/objects/put/audio/${id}/1900000000/abc_-1`)).toBe(
      `masters/${id}`,
    )
    expect(masterKeyFromAudioURL(`/objects/masters/${id}`)).toBe(`masters/${id}`)
    expect(masterKeyFromAudioURL(`https://bucket.example.com/masters/${id}?X-Amz=1`)).toBe(`masters/${id}`)
    expect(masterKeyFromAudioURL(`/api/objects/put/${id}/1900000000/abc`)).toBeNull()
    expect(masterKeyFromAudioURL(`/objects/uploads/${id}`)).toBeNull()
    expect(masterKeyFromAudioURL(`/objects/masters/../uploads/${id}`)).toBeNull()
  })

  it('keeps masters and renditions private: no public key names them', () => {
    expect(isPrivateKey(`masters/${id}`)).toBe(true)
    expect(isPrivateKey(`renditions/${id}/stream.mp3`)).toBe(true)
    expect(isPrivateKey(`renditions/${id}/../x.mp3`)).toBe(false)
    expect(isObjectKey(`masters/${id}`)).toBe(false)
    expect(isObjectKey(`renditions/${id}/stream.mp3`)).toBe(false)
  })
})
