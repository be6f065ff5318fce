import { describe, expect, it } from 'vitest'

import { parseRange } from '@/platform/http/range'

describe('parseRange', () => {
  it('reads one range of bytes, cutting an end past the object', () => {
    expect(parseRange(null, 100)).toBeNull()
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 })
  })

  it.each(['bytes=100-', 'bytes=5-2', 'bytes=-0', 'bytes=-', 'items=0-1', 'bytes=0-1,5-6', 'bytes=a-b', ''])(
    'refuses %j',
    (header) => {
      expect(parseRange(header, 100)).toBe('unsatisfiable')
    },
  )
})
