import { describe, expect, it } from 'vitest'

import { orderListQuerySchema } from '@/modules/shop/contract/orderList'
import { decodeCursor, encodeCursor, likePrefix } from '@/platform/db/paging'

describe('list paging helpers', () => {
  it('a cursor round-trips and anything else is a 400 about the cursor', () => {
    const cursor = { createdAt: '2026-11-22T10:11:12.345Z', id: '0b3c5e1a-8f7d-4c1e-9a2b-3c4d5e6f7a8b' }
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor)
    expect(decodeCursor(undefined)).toBeNull()
    for (const bad of [
      'x',
      encodeCursor({ ...cursor, id: 'nope' }),
      encodeCursor({ ...cursor, createdAt: 'yesterday' }),
      Buffer.from('[1,2]').toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrowError(
        expect.objectContaining({ kind: 'invalid', fields: { cursor: 'cursor is not valid' } }),
      )
    }
  })

  it('search text is a literal, lowercased prefix', () => {
    expect(likePrefix('Ana_100%')).toBe('ana\\_100\\%%')
    expect(likePrefix('a\\b')).toBe('a\\\\b%')
  })

  it('limit defaults to 50, takes 1 to 200, and status is one of the order statuses', () => {
    expect(orderListQuerySchema.parse({})).toEqual({ limit: 50 })
    expect(orderListQuerySchema.parse({ limit: '200', status: 'refunded', q: '  ziggy ' })).toEqual({
      limit: 200,
      status: 'refunded',
      q: 'ziggy',
    })
    for (const limit of ['0', '201', '1e2', '', ' 5'])
      expect(orderListQuerySchema.safeParse({ limit }).success, limit).toBe(false)
    expect(orderListQuerySchema.safeParse({ status: 'lost' }).success).toBe(false)
    expect(orderListQuerySchema.parse({ q: '   ' })).toEqual({ limit: 50 })
  })
})
