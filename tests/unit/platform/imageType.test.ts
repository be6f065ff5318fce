import sharp from 'sharp'
import { describe, expect, it } from 'vitest'

import { detectImageType } from '@/platform/storage/imageType'

const image = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif') =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#c03' } })
    .toFormat(format)
    .toBuffer()

describe('detectImageType (by the file’s bytes)', () => {
  it('recognises JPEG, PNG, WebP, GIF and AVIF', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      expect(detectImageType(await image(format))?.mime, format).toBe(`image/${format}`)
    }
  })

  it('refuses SVG, HTML, text and empty files', () => {
    for (const text of [
      '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?xml version="1.0"?><svg/>',
      '<!doctype html><p>hi',
      'GIF',
      'RIFF....WAVEfmt ',
      '',
    ]) {
      expect(detectImageType(Buffer.from(text)), text).toBeNull()
    }
  })

  it('refuses an ISO-BMFF file that is not AVIF (an MP4 video)', () => {
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom\0\0\0\0isomiso2')])
    expect(detectImageType(mp4)).toBeNull()
  })
})
